ALTER TABLE "multilingual_content" ADD COLUMN "source_fingerprint" text;--> statement-breakpoint
-- Every season's French name becomes a French text too (the source its translations are made from).
INSERT INTO "multilingual_content" ("content_key", "content_value", "language_code", "content_type", "entity_id")
SELECT 'season_' || "id"::text || '_name', "name", 'fr', 'season', "id" FROM "seasons" WHERE btrim("name") <> ''
ON CONFLICT ON CONSTRAINT "multilingual_content_unique_key" DO NOTHING;--> statement-breakpoint
-- Translations saved before fingerprints existed are taken as made from today's French text.
UPDATE "multilingual_content" AS "t"
SET "source_fingerprint" = encode(sha256(convert_to("f"."content_value", 'UTF8')), 'hex')
FROM "multilingual_content" AS "f"
WHERE "t"."language_code" <> 'fr' AND "f"."language_code" = 'fr'
  AND "f"."content_key" = "t"."content_key" AND "f"."content_type" = "t"."content_type"
  AND "f"."entity_id" IS NOT DISTINCT FROM "t"."entity_id";
