CREATE TABLE "personal_data_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"night" date,
	"actor" text,
	"subject" text,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_log_kind_check" CHECK ("personal_data_log"."kind" in ('purge', 'erasure'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "publisher_status" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "share_capital" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "legal_rcs" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "publisher_address" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "publisher_phone" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "publisher_email" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "mediator_name" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "mediator_url" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "retention_contact_months" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "retention_guest_months" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "retention_testimonial_months" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "retention_police_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_data_log_night_idx" ON "personal_data_log" USING btree ("night") WHERE "personal_data_log"."kind" = 'purge';--> statement-breakpoint
CREATE INDEX "personal_data_log_created_idx" ON "personal_data_log" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_publisher_status_check" CHECK ("site_config"."publisher_status" in ('individual', 'company'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_retention_check" CHECK ("site_config"."retention_contact_months" between 1 and 36 and "site_config"."retention_guest_months" between 1 and 36 and "site_config"."retention_testimonial_months" between 1 and 36 and "site_config"."retention_police_months" between 6 and 12);