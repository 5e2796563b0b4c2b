CREATE TABLE "sign_in_accounts" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"known_addresses" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_accounts_last_attempt_idx" ON "sign_in_accounts" USING btree ("last_attempt_at");