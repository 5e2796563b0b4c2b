CREATE TABLE "length_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid,
	"room_id" uuid,
	"min_nights" integer NOT NULL,
	"percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "length_discounts_season_nights" UNIQUE("season_id","min_nights"),
	CONSTRAINT "length_discounts_room_nights" UNIQUE("room_id","min_nights"),
	CONSTRAINT "length_discounts_owner_check" CHECK (("length_discounts"."season_id" is null) <> ("length_discounts"."room_id" is null)),
	CONSTRAINT "length_discounts_figures_check" CHECK ("length_discounts"."min_nights" between 2 and 365 and "length_discounts"."percent" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"min_nights" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"room_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" ~ '^[A-Z0-9_-]{2,40}$'),
	CONSTRAINT "promo_codes_value_check" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."value" between 1 and 100) or ("promo_codes"."kind" = 'amount' and "promo_codes"."value" between 1 and 10000000)),
	CONSTRAINT "promo_codes_dates_check" CHECK ("promo_codes"."valid_until" >= "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_limits_check" CHECK (("promo_codes"."min_nights" is null or "promo_codes"."min_nights" between 1 and 365) and ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" between 1 and 1000000) and "promo_codes"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_season_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"min_nights" integer,
	"max_nights" integer,
	"arrival_days" integer,
	"departure_days" integer,
	"min_notice_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_season_rules_room_season" UNIQUE("room_id","season_id"),
	CONSTRAINT "room_season_rules_check" CHECK (("room_season_rules"."min_nights" is null or "room_season_rules"."min_nights" between 1 and 365) and ("room_season_rules"."max_nights" is null or "room_season_rules"."max_nights" between 1 and 365) and ("room_season_rules"."arrival_days" is null or "room_season_rules"."arrival_days" between 1 and 127) and ("room_season_rules"."departure_days" is null or "room_season_rules"."departure_days" between 1 and 127) and ("room_season_rules"."min_notice_days" is null or "room_season_rules"."min_notice_days" between 0 and 365))
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "included_guests" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "extra_adult_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "extra_child_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "single_reduction_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "max_nights" integer;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "arrival_days" integer;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "departure_days" integer;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "min_notice_days" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "stay_min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "stay_max_nights" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "arrival_days" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "departure_days" integer DEFAULT 127 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "min_notice_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "horizon_days" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "breakfast" text DEFAULT 'included' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "breakfast_price_cents" integer;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "wifi" text DEFAULT 'included' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "wifi_price_cents" integer;--> statement-breakpoint
ALTER TABLE "length_discounts" ADD CONSTRAINT "length_discounts_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "length_discounts" ADD CONSTRAINT "length_discounts_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_season_rules" ADD CONSTRAINT "room_season_rules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_season_rules" ADD CONSTRAINT "room_season_rules_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_guest_prices_check" CHECK ("rooms"."included_guests" between 1 and 10 and "rooms"."extra_adult_cents" between 0 and 10000000 and "rooms"."extra_child_cents" between 0 and 10000000 and "rooms"."single_reduction_cents" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_rules_check" CHECK (("seasons"."max_nights" is null or "seasons"."max_nights" between 1 and 365) and ("seasons"."arrival_days" is null or "seasons"."arrival_days" between 1 and 127) and ("seasons"."departure_days" is null or "seasons"."departure_days" between 1 and 127) and ("seasons"."min_notice_days" is null or "seasons"."min_notice_days" between 0 and 365));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_stay_rules_check" CHECK ("site_config"."stay_min_nights" between 1 and 365 and ("site_config"."stay_max_nights" is null or "site_config"."stay_max_nights" between "site_config"."stay_min_nights" and 365) and "site_config"."arrival_days" between 1 and 127 and "site_config"."departure_days" between 1 and 127 and "site_config"."min_notice_days" between 0 and 365 and ("site_config"."horizon_days" is null or "site_config"."horizon_days" between 1 and 1100));--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_price_extras_check" CHECK ("site_config"."breakfast" in ('included', 'paid', 'none') and "site_config"."wifi" in ('included', 'paid', 'none') and ("site_config"."breakfast" <> 'paid' or "site_config"."breakfast_price_cents" > 0) and ("site_config"."wifi" <> 'paid' or "site_config"."wifi_price_cents" > 0));--> statement-breakpoint
-- Two periods of one promo code never share a day: which one a guest's code names is never in doubt.
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_no_overlap"
  EXCLUDE USING gist ("code" WITH =, daterange("valid_from", "valid_until", '[]') WITH &&);
--> statement-breakpoint
-- A room's rules in a season and the length-of-stay reductions show on public pages (the
-- room's calendar and rates): their changes flush the page cache like the seasons' do.
-- Promo codes are never shown: a quote is always computed, never kept.
CREATE TRIGGER "room_season_rules_public_content" AFTER INSERT OR UPDATE OR DELETE ON "room_season_rules" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "room_season_rules_public_content_truncate" AFTER TRUNCATE ON "room_season_rules" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "length_discounts_public_content" AFTER INSERT OR UPDATE OR DELETE ON "length_discounts" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "length_discounts_public_content_truncate" AFTER TRUNCATE ON "length_discounts" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
-- Adults and children (issue 45): a stay keeps `guests` (everyone: the room's capacity, the
-- arrivals list) and `children` (the minors among them, exempt from the tourist tax), so
-- every stored stay keeps its figures: each guest it recorded is an adult unless it was
-- recorded as a child. Its quote snapshot takes the one shape every reader now knows:
-- adults and children said apart, each line a generic line (kind, season, quantity, unit
-- price, total: booking/pricing/quote.ts), the tourist tax on a line of its own, an owner's
-- agreed price as one line that adds up to the total, the old minimum stay as the rule it was.
UPDATE "bookings" b SET "quote" = (b."quote" - 'minStay') || jsonb_build_object(
  'guests', b."guests",
  'adults', b."guests" - b."children",
  'children', b."children",
  'rules', NULL,
  'promo', NULL,
  'lines', CASE
    WHEN jsonb_typeof(b."quote"->'override') = 'object' THEN jsonb_build_array(jsonb_build_object(
      'kind', 'agreed_price', 'season', NULL, 'persons', NULL, 'nights', jsonb_array_length(coalesce(b."quote"->'nights', '[]'::jsonb)),
      'quantity', 1, 'unitCents', b."total_cents", 'totalCents', b."total_cents"))
    ELSE coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'kind', 'nights',
        'season', CASE WHEN l->>'seasonId' IS NULL THEN NULL ELSE jsonb_build_object('id', l->>'seasonId', 'name', coalesce(l->>'seasonName', '')) END,
        'persons', NULL, 'nights', (l->>'nights')::int, 'quantity', (l->>'nights')::int,
        'unitCents', (l->>'unitCents')::int, 'totalCents', (l->>'totalCents')::int) ORDER BY ord)
      FROM jsonb_array_elements(coalesce(b."quote"->'lines', '[]'::jsonb)) WITH ORDINALITY AS e(l, ord)), '[]'::jsonb)
  END,
  'taxLine', CASE
    WHEN b."tax_cents" = 0 THEN NULL
    WHEN b."guests" > b."children" AND jsonb_array_length(coalesce(b."quote"->'nights', '[]'::jsonb)) > 0
      AND b."tax_cents" % ((b."guests" - b."children") * jsonb_array_length(b."quote"->'nights')) = 0 THEN jsonb_build_object(
      'kind', 'tourist_tax', 'season', NULL, 'persons', b."guests" - b."children", 'nights', jsonb_array_length(b."quote"->'nights'),
      'quantity', (b."guests" - b."children") * jsonb_array_length(b."quote"->'nights'),
      'unitCents', b."tax_cents" / ((b."guests" - b."children") * jsonb_array_length(b."quote"->'nights')),
      'totalCents', b."tax_cents", 'exempt', b."children")
    -- A tax that is not adults × nights × one rate (none was ever written so): one line of its amount.
    ELSE jsonb_build_object('kind', 'tourist_tax', 'season', NULL, 'persons', NULL, 'nights', NULL, 'quantity', 1, 'unitCents', b."tax_cents", 'totalCents', b."tax_cents", 'exempt', b."children")
  END,
  'problems', coalesce((
    SELECT jsonb_agg(CASE WHEN p->>'code' = 'min_stay' THEN jsonb_build_object('code', 'min_nights', 'minNights', (p->>'minStay')::int, 'season', NULL) ELSE p END ORDER BY ord)
    FROM jsonb_array_elements(coalesce(b."quote"->'problems', '[]'::jsonb)) WITH ORDINALITY AS e(p, ord)), '[]'::jsonb)
)
WHERE NOT (b."quote" ? 'adults');
