ALTER TABLE "site_config" ADD COLUMN "legal_owner" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "legal_siret" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "publication_director" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "host_name" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "host_address" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "host_phone" text;