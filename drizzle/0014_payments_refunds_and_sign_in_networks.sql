CREATE TABLE "booking_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"stripe_refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"refunded_on" date NOT NULL,
	"recorded_by" text,
	"reason" text,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "booking_refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "booking_refunds_amount_check" CHECK ("booking_refunds"."amount_cents" > 0),
	CONSTRAINT "booking_refunds_status_check" CHECK ("booking_refunds"."status" in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_networks" (
	"account" text NOT NULL,
	"network" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_networks_account_network_pk" PRIMARY KEY("account","network")
);
--> statement-breakpoint
ALTER TABLE "sign_in_accounts" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_payment_id_booking_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."booking_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_refunds_payment_idx" ON "booking_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "booking_refunds_booking_idx" ON "booking_refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sign_in_networks_last_attempt_idx" ON "sign_in_networks" USING btree ("last_attempt_at");--> statement-breakpoint
-- Refunds made before this migration were a counter on the payment. The owner's refunds left
-- a history event with Stripe's refund id: each becomes its row (a double post of one refund
-- left two events with one id: one row). What the counter held beyond them (refunds made in
-- the Stripe Dashboard, learnt from charge.refunded) becomes one row per payment, replaced by
-- Stripe's own list of refunds the next time the payment's charge.refunded arrives.
INSERT INTO "booking_refunds" ("booking_id", "payment_id", "stripe_refund_id", "amount_cents", "status", "refunded_on", "recorded_by", "reason")
SELECT DISTINCT ON (e."details"->>'stripeReference')
  p."booking_id", p."id", e."details"->>'stripeReference', (e."details"->>'amountCents')::integer, 'succeeded',
  (e."created_at" AT TIME ZONE 'Europe/Paris')::date, e."actor", e."details"->>'reason'
FROM "booking_events" e
JOIN "booking_payments" p ON p."booking_id" = e."booking_id" AND p."stripe_reference" IS NOT NULL
WHERE e."kind" = 'refund' AND e."details"->>'stripeReference' LIKE 're\_%' AND (e."details"->>'amountCents')::integer > 0
ORDER BY e."details"->>'stripeReference', e."created_at";--> statement-breakpoint
INSERT INTO "booking_refunds" ("booking_id", "payment_id", "stripe_refund_id", "amount_cents", "status", "refunded_on")
SELECT p."booking_id", p."id", 'legacy:' || p."id", p."refunded_cents" - coalesce(r."total", 0), 'succeeded', (p."created_at" AT TIME ZONE 'Europe/Paris')::date
FROM "booking_payments" p
LEFT JOIN (SELECT "payment_id", sum("amount_cents")::integer AS "total" FROM "booking_refunds" GROUP BY "payment_id") r ON r."payment_id" = p."id"
WHERE p."refunded_cents" > coalesce(r."total", 0);--> statement-breakpoint
-- The payment's refunded figure is the sum of its refunds that return money, kept here and
-- written by nothing else: whichever path records a refund, the figure follows its row.
CREATE FUNCTION "booking_refunds_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN target := OLD."payment_id"; ELSE target := NEW."payment_id"; END IF;
  UPDATE "booking_payments" SET "refunded_cents" = coalesce((
    SELECT sum("amount_cents") FROM "booking_refunds" WHERE "payment_id" = target AND "status" NOT IN ('failed', 'canceled')
  ), 0) WHERE "id" = target;
  IF TG_OP = 'UPDATE' AND OLD."payment_id" <> NEW."payment_id" THEN
    UPDATE "booking_payments" SET "refunded_cents" = coalesce((
      SELECT sum("amount_cents") FROM "booking_refunds" WHERE "payment_id" = OLD."payment_id" AND "status" NOT IN ('failed', 'canceled')
    ), 0) WHERE "id" = OLD."payment_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_refunds_total" AFTER INSERT OR UPDATE OR DELETE ON "booking_refunds" FOR EACH ROW EXECUTE FUNCTION "booking_refunds_total"();--> statement-breakpoint
UPDATE "booking_payments" p SET "refunded_cents" = coalesce((
  SELECT sum("amount_cents") FROM "booking_refunds" r WHERE r."payment_id" = p."id" AND r."status" NOT IN ('failed', 'canceled')
), 0);
