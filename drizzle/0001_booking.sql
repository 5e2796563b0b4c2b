CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"guests" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_phone" text,
	"message" text,
	"language" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"total_cents" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"feeds_checked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refusal_message" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'refused', 'cancelled')),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."departure" > "bookings"."arrival"),
	CONSTRAINT "bookings_guests_check" CHECK ("bookings"."guests" between 1 and 10),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ical_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"summary" text,
	"start_night" date NOT NULL,
	"end_night" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_events_order_check" CHECK ("ical_events"."end_night" > "ical_events"."start_night")
);
--> statement-breakpoint
CREATE TABLE "ical_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_feeds_room_url" UNIQUE("room_id","url")
);
--> statement-breakpoint
CREATE TABLE "manual_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_blocks_order_check" CHECK ("manual_blocks"."last_night" >= "manual_blocks"."first_night")
);
--> statement-breakpoint
CREATE TABLE "season_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_periods_order_check" CHECK ("season_periods"."last_night" >= "season_periods"."first_night")
);
--> statement-breakpoint
ALTER TABLE "multilingual_content" DROP CONSTRAINT "multilingual_content_type_check";--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "ical_export_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "min_stay" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_events" ADD CONSTRAINT "ical_events_feed_id_ical_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_blocks" ADD CONSTRAINT "manual_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_periods" ADD CONSTRAINT "season_periods_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_room_idx" ON "bookings" USING btree ("room_id","arrival");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ical_events_feed_idx" ON "ical_events" USING btree ("feed_id","start_night");--> statement-breakpoint
CREATE INDEX "manual_blocks_room_idx" ON "manual_blocks" USING btree ("room_id","first_night");--> statement-breakpoint
CREATE INDEX "season_periods_season_idx" ON "season_periods" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_ical_export_token_idx" ON "rooms" USING btree ("ical_export_token");--> statement-breakpoint
ALTER TABLE "multilingual_content" ADD CONSTRAINT "multilingual_content_type_check" CHECK ("multilingual_content"."content_type" in ('room', 'homepage_section', 'site_config', 'transport_options', 'transport', 'general', 'season'));--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_min_stay_check" CHECK ("seasons"."min_stay" is null or "seasons"."min_stay" between 1 and 365);