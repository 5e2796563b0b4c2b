-- What must never happen is refused by PostgreSQL itself (DESIGN.md, availability and booking).
-- Drizzle cannot declare exclusion constraints, so they live in this hand-written migration.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Two different seasons never cover the same night (a season's own periods may touch).
ALTER TABLE "season_periods" ADD CONSTRAINT "season_periods_no_overlap"
  EXCLUDE USING gist ("season_id" WITH <>, daterange("first_night", "last_night", '[]') WITH &&);--> statement-breakpoint
-- Confirmed bookings of one room never share a night, so two accepts at once cannot both succeed.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("arrival", "departure", '[)') WITH &&) WHERE ("status" = 'confirmed');
