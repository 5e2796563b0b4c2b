CREATE TABLE "tourist_tax_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"declared_on" date NOT NULL,
	"paid_cents" integer NOT NULL,
	"reference" text,
	"declared_by" text,
	"rows" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tourist_tax_declarations_period_unique" UNIQUE("period"),
	CONSTRAINT "tourist_tax_declarations_period_check" CHECK ("tourist_tax_declarations"."period_end" > "tourist_tax_declarations"."period_start"),
	CONSTRAINT "tourist_tax_declarations_paid_check" CHECK ("tourist_tax_declarations"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_source_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_collected_by" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_regional_percent" integer DEFAULT 34 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_departmental_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_collector" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_declaration_url" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_frequency" text DEFAULT 'quarterly' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_due_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_deliberation" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tax_collected_by_check" CHECK ("bookings"."tax_collected_by" in ('house', 'platform'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK ("bookings"."source" in ('site', 'phone', 'email', 'airbnb', 'booking_com', 'other'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_tourist_tax_check" CHECK ("site_config"."tourist_tax_regional_percent" between 0 and 100 and "site_config"."tourist_tax_departmental_percent" between 0 and 100 and "site_config"."tourist_tax_frequency" in ('monthly', 'quarterly', 'half-yearly') and "site_config"."tourist_tax_due_day" between 1 and 28);--> statement-breakpoint
-- The one rate typed before this release was what each adult paid per night. It becomes the
-- base rate with no surcharge, so a house that typed 1,10 € keeps charging 1,10 € (0,82 € of
-- base with the 34 % regional surcharge would give 1,10 € too, but not every rate divides
-- back to a base: 1,00 € would become 1,01 €). Configuration → Taxe de séjour says so until
-- the owner enters the town's base rate and surcharges. A house that had no rate gets the
-- département's regional surcharge by default, like a new one.
UPDATE "site_config" SET "tourist_tax_regional_percent" = 0 WHERE "tourist_tax_cents" > 0;--> statement-breakpoint
-- Two declarations never cover the same night (a quarter and one of its months, say).
ALTER TABLE "tourist_tax_declarations" ADD CONSTRAINT "tourist_tax_declarations_no_overlap"
  EXCLUDE USING gist (daterange("period_start", "period_end", '[)') WITH &&);
