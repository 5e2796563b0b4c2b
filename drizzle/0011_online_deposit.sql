CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"booking_id" uuid,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "stripe_reference" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_token" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stripe_session_id" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "online_deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "payment_window_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_payment_expiry_idx" ON "bookings" USING btree ("payment_expires_at") WHERE "bookings"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_stripe_reference_unique" UNIQUE("stripe_reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_token_unique" UNIQUE("payment_token");--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_refund_check" CHECK ("booking_payments"."refunded_cents" between 0 and "booking_payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'awaiting_payment', 'confirmed', 'refused', 'cancelled'));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_payment_window_check" CHECK ("site_config"."payment_window_hours" between 1 and 720);--> statement-breakpoint
-- A hold awaiting its deposit takes its nights exactly as a confirmed stay: the same constraint covers both.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_confirmed_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("arrival", "departure", '[)') WITH &&) WHERE ("status" in ('confirmed', 'awaiting_payment'));
--> statement-breakpoint
-- A hold's nights are public (the calendar, the export feed): its changes flush the page cache as a confirmed stay's do.
DROP TRIGGER "bookings_public_content_insert" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_public_content_update" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_public_content_delete" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_insert" AFTER INSERT ON "bookings" FOR EACH ROW WHEN (NEW.status in ('confirmed', 'awaiting_payment')) EXECUTE FUNCTION notify_public_content_change();--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_update" AFTER UPDATE ON "bookings" FOR EACH ROW WHEN (OLD.status in ('confirmed', 'awaiting_payment') OR NEW.status in ('confirmed', 'awaiting_payment')) EXECUTE FUNCTION notify_public_content_change();--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_delete" AFTER DELETE ON "bookings" FOR EACH ROW WHEN (OLD.status in ('confirmed', 'awaiting_payment')) EXECUTE FUNCTION notify_public_content_change();
