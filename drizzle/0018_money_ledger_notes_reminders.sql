CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"nature" text NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"occurred_on" date NOT NULL,
	"means" text NOT NULL,
	"reference" text,
	"recorded_by" text,
	"reason" text,
	"stripe_payment_intent" text,
	"stripe_refund_id" text,
	"stripe_status" text,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "ledger_entries_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_nature_check" CHECK ("ledger_entries"."nature" in ('arrhes', 'acompte', 'solde', 'taxe_sejour', 'remboursement', 'dedommagement')),
	CONSTRAINT "ledger_entries_direction_check" CHECK ("ledger_entries"."direction" = case when "ledger_entries"."nature" in ('remboursement', 'dedommagement') then 'returned' else 'received' end),
	CONSTRAINT "ledger_entries_means_check" CHECK ("ledger_entries"."means" in ('virement', 'cheque', 'especes', 'carte', 'stripe')),
	CONSTRAINT "ledger_entries_stripe_status_check" CHECK ("ledger_entries"."stripe_status" is null or "ledger_entries"."stripe_status" in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_attachments_size_check" CHECK (octet_length("mail_attachments"."content") <= 2097152)
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"outcome" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "scheduled_messages_state_check" CHECK ("scheduled_messages"."state" in ('planned', 'sent', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sequence_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "sequence_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "stay_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"booking_id" uuid,
	"credits_note_id" uuid,
	"issued_on" date NOT NULL,
	"issued_by" text,
	"guest_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "stay_notes_credits_note_id_unique" UNIQUE("credits_note_id"),
	CONSTRAINT "stay_notes_year_sequence" UNIQUE("year","sequence"),
	CONSTRAINT "stay_notes_kind_check" CHECK ("stay_notes"."kind" in ('note', 'credit_note')),
	CONSTRAINT "stay_notes_credit_check" CHECK (("stay_notes"."kind" = 'credit_note') = ("stay_notes"."credits_note_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_nature" text DEFAULT 'arrhes' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_due_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kept_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "compensation_cents" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "deposit_nature" text DEFAULT 'arrhes' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "deposit_due_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "balance_reminder_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "bank_holder" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "bank_iban" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "bank_bic" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "vat_mode" text DEFAULT 'franchise' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_notes" ADD CONSTRAINT "stay_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_notes" ADD CONSTRAINT "stay_notes_credits_note_id_stay_notes_id_fk" FOREIGN KEY ("credits_note_id") REFERENCES "public"."stay_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_intent_idx" ON "ledger_entries" USING btree ("stripe_payment_intent","nature") WHERE "ledger_entries"."direction" = 'received' and "ledger_entries"."stripe_payment_intent" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","occurred_on");--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("due_at") WHERE "scheduled_messages"."state" = 'planned';--> statement-breakpoint
CREATE INDEX "scheduled_messages_booking_idx" ON "scheduled_messages" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stay_notes_booking_idx" ON "stay_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stay_notes_issued_idx" ON "stay_notes" USING btree ("issued_on","sequence");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_check" CHECK ("bookings"."deposit_nature" in ('arrhes', 'acompte') and ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('guest', 'house')) and coalesce("bookings"."kept_cents", 0) >= 0 and coalesce("bookings"."compensation_cents", 0) >= 0);--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_money_terms_check" CHECK ("site_config"."deposit_nature" in ('arrhes', 'acompte') and "site_config"."deposit_due_days" between 1 and 90 and "site_config"."balance_reminder_days" between 0 and 90 and "site_config"."vat_mode" in ('franchise', 'rate') and "site_config"."vat_rate_basis_points" between 0 and 10000);--> statement-breakpoint
-- Every booking gets its short reference (R26-0042): its creation year at the guesthouse and
-- its rank among that year's, at least four digits; the counters go on from the last one.
UPDATE "bookings" b SET "reference" = r."reference" FROM (
  SELECT "id", 'R' || to_char("created_at" AT TIME ZONE 'Europe/Paris', 'YY') || '-' ||
    lpad((row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'Europe/Paris') ORDER BY "created_at", "id"))::text, 4, '0') AS "reference"
  FROM "bookings"
) r WHERE r."id" = b."id";--> statement-breakpoint
INSERT INTO "sequence_counters" ("series", "year", "last")
SELECT 'booking', extract(year FROM "created_at" AT TIME ZONE 'Europe/Paris')::integer, count(*)::integer
FROM "bookings" GROUP BY 2;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
-- The two tables of money become one ledger, row for row and id for id (the owners'
-- notifications name a payment by its id): a deposit is arrhes (what the law presumes
-- without a contract saying acompte, and every booking so far said nothing), a balance a
-- solde, a card payment keeps its PaymentIntent (means 'stripe'), each Stripe refund its id,
-- status and the owner's request key.
INSERT INTO "ledger_entries" ("id", "booking_id", "nature", "direction", "amount_cents", "occurred_on", "means", "reference", "recorded_by", "stripe_payment_intent", "created_at", "updated_at")
SELECT p."id", p."booking_id", CASE p."kind" WHEN 'deposit' THEN 'arrhes' ELSE 'solde' END, 'received', p."amount_cents", p."received_on",
  CASE WHEN p."stripe_reference" IS NOT NULL THEN 'stripe' ELSE p."means" END, p."stripe_reference", p."recorded_by", p."stripe_reference", p."created_at", p."created_at"
FROM "booking_payments" p;--> statement-breakpoint
INSERT INTO "ledger_entries" ("id", "booking_id", "nature", "direction", "amount_cents", "occurred_on", "means", "reference", "recorded_by", "reason", "stripe_payment_intent", "stripe_refund_id", "stripe_status", "request_key", "created_at", "updated_at")
SELECT r."id", r."booking_id", 'remboursement', 'returned', r."amount_cents", r."refunded_on", 'stripe', r."stripe_refund_id", r."recorded_by", r."reason",
  p."stripe_reference", r."stripe_refund_id", r."status", r."request_key", r."created_at", r."updated_at"
FROM "booking_refunds" r JOIN "booking_payments" p ON p."id" = r."payment_id";--> statement-breakpoint
DROP TRIGGER "booking_refunds_total" ON "booking_refunds";--> statement-breakpoint
DROP FUNCTION "booking_refunds_total"();--> statement-breakpoint
DROP TABLE "booking_refunds" CASCADE;--> statement-breakpoint
DROP TABLE "booking_payments" CASCADE;--> statement-breakpoint
-- An issued note is never edited nor deleted (FRENCH-RULES §4: a correction is a credit
-- note; kept 10 years). The one change allowed is forgetting the booking it came from when
-- that booking goes (its room deleted): the note keeps its whole content.
CREATE FUNCTION "stay_notes_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."booking_id" IS NULL AND (to_jsonb(NEW) - 'booking_id') = (to_jsonb(OLD) - 'booking_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'an issued note is never changed nor deleted (%): issue a credit note', OLD."number" USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "stay_notes_immutable" BEFORE UPDATE OR DELETE ON "stay_notes" FOR EACH ROW EXECUTE FUNCTION "stay_notes_immutable"();
