-- Every write that can change a public page announces itself on the channel the app
-- LISTENs on (app/.server/public-content-events.ts); the notification is delivered when
-- the writing transaction commits, whichever process or code path wrote. Tables whose
-- writes never show on a public page (sessions, rate limits, mail outbox, contact
-- messages, feeds' sync status…) are left out, so sign-ins and contact forms flush nothing.
-- Row triggers, so that a statement that changes no row (an insert … on conflict do
-- nothing) announces nothing; PostgreSQL sends one notification per table and transaction.
CREATE OR REPLACE FUNCTION notify_public_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guesthouse_public_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "languages_public_content" AFTER INSERT OR UPDATE OR DELETE ON "languages" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "languages_public_content_truncate" AFTER TRUNCATE ON "languages" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "site_config_public_content" AFTER INSERT OR UPDATE OR DELETE ON "site_config" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "site_config_public_content_truncate" AFTER TRUNCATE ON "site_config" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "rooms_public_content" AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "rooms_public_content_truncate" AFTER TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "seasons_public_content" AFTER INSERT OR UPDATE OR DELETE ON "seasons" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "seasons_public_content_truncate" AFTER TRUNCATE ON "seasons" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "season_periods_public_content" AFTER INSERT OR UPDATE OR DELETE ON "season_periods" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "season_periods_public_content_truncate" AFTER TRUNCATE ON "season_periods" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "room_season_prices_public_content" AFTER INSERT OR UPDATE OR DELETE ON "room_season_prices" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "room_season_prices_public_content_truncate" AFTER TRUNCATE ON "room_season_prices" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "homepage_sections_public_content" AFTER INSERT OR UPDATE OR DELETE ON "homepage_sections" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "homepage_sections_public_content_truncate" AFTER TRUNCATE ON "homepage_sections" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "transport_options_public_content" AFTER INSERT OR UPDATE OR DELETE ON "transport_options" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "transport_options_public_content_truncate" AFTER TRUNCATE ON "transport_options" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "distances_public_content" AFTER INSERT OR UPDATE OR DELETE ON "distances" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "distances_public_content_truncate" AFTER TRUNCATE ON "distances" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "multilingual_content_public_content" AFTER INSERT OR UPDATE OR DELETE ON "multilingual_content" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "multilingual_content_public_content_truncate" AFTER TRUNCATE ON "multilingual_content" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "manual_blocks_public_content" AFTER INSERT OR UPDATE OR DELETE ON "manual_blocks" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "manual_blocks_public_content_truncate" AFTER TRUNCATE ON "manual_blocks" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "ical_events_public_content" AFTER INSERT OR UPDATE OR DELETE ON "ical_events" FOR EACH ROW EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "ical_events_public_content_truncate" AFTER TRUNCATE ON "ical_events" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
-- Only published testimonials and confirmed bookings are public: a visitor's pending
-- testimonial or booking request does not flush the cache.
CREATE TRIGGER "testimonials_public_content_insert" AFTER INSERT ON "testimonials" FOR EACH ROW WHEN (NEW.is_published) EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "testimonials_public_content_update" AFTER UPDATE ON "testimonials" FOR EACH ROW WHEN (OLD.is_published OR NEW.is_published) EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "testimonials_public_content_delete" AFTER DELETE ON "testimonials" FOR EACH ROW WHEN (OLD.is_published) EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "testimonials_public_content_truncate" AFTER TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_insert" AFTER INSERT ON "bookings" FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_update" AFTER UPDATE ON "bookings" FOR EACH ROW WHEN (OLD.status = 'confirmed' OR NEW.status = 'confirmed') EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_delete" AFTER DELETE ON "bookings" FOR EACH ROW WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION notify_public_content_change();
--> statement-breakpoint
CREATE TRIGGER "bookings_public_content_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change();
