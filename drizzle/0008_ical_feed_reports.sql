ALTER TABLE "ical_feeds" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "imported_count" integer;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "skipped_count" integer;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "skipped_reasons" text;