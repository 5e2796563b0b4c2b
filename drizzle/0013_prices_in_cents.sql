ALTER TABLE "room_season_prices" ADD COLUMN "price_per_night_cents" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "price_per_night_cents" integer;--> statement-breakpoint
-- Room and season prices join every other amount in integer cents (they were numeric euros).
-- numeric(10,2) holds whole cents, so the product is exact: the rounding only casts.
UPDATE "rooms" SET "price_per_night_cents" = round("price_per_night" * 100)::integer WHERE "price_per_night" IS NOT NULL;--> statement-breakpoint
UPDATE "room_season_prices" SET "price_per_night_cents" = round("price_per_night" * 100)::integer;--> statement-breakpoint
ALTER TABLE "room_season_prices" DROP CONSTRAINT "room_season_prices_positive";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_price_check";--> statement-breakpoint
ALTER TABLE "room_season_prices" ALTER COLUMN "price_per_night_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "room_season_prices" DROP COLUMN "price_per_night";--> statement-breakpoint
ALTER TABLE "rooms" DROP COLUMN "price_per_night";--> statement-breakpoint
ALTER TABLE "room_season_prices" ADD CONSTRAINT "room_season_prices_positive" CHECK ("room_season_prices"."price_per_night_cents" > 0);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_price_check" CHECK ("rooms"."price_per_night_cents" is null or "rooms"."price_per_night_cents" >= 0);
