CREATE TABLE "user_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "user_invitations_role_check" CHECK ("user_invitations"."role" in ('user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "multilingual_content" DROP CONSTRAINT "multilingual_content_type_check";--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_invitations_email_idx" ON "user_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "multilingual_content" ADD CONSTRAINT "multilingual_content_type_check" CHECK ("multilingual_content"."content_type" in ('room', 'homepage_section', 'site_config', 'transport_options', 'transport', 'general', 'season', 'distance'));--> statement-breakpoint
-- A distance's French name becomes a text too (the source of its translations), as for the distances added from now on.
INSERT INTO "multilingual_content" ("content_key", "content_value", "language_code", "content_type", "entity_id")
SELECT 'distance_' || "id"::text || '_name', "city", 'fr', 'distance', "id" FROM "distances"
ON CONFLICT DO NOTHING;
