CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"means" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_kind_check" CHECK ("booking_payments"."kind" in ('deposit', 'balance')),
	CONSTRAINT "booking_payments_means_check" CHECK ("booking_payments"."means" in ('virement', 'cheque', 'especes', 'carte')),
	CONSTRAINT "booking_payments_amount_check" CHECK ("booking_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_due_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_override_reason" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "tourist_tax_min_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "deposit_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "balance_due_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "check_in_time" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "check_out_time" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."tax_cents" >= 0 and "bookings"."deposit_cents" >= 0 and "bookings"."children" >= 0 and "bookings"."children" < "bookings"."guests");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK ("bookings"."source" in ('site', 'phone', 'email'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_stay_terms_check" CHECK ("site_config"."tourist_tax_cents" between 0 and 100000 and "site_config"."tourist_tax_min_age" between 0 and 25 and "site_config"."deposit_percent" between 0 and 100 and "site_config"."balance_due_days" between 0 and 365);