CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('download', 'command', 'nightly'))
);
