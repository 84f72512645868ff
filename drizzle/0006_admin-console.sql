CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"records" integer,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_previous" (
	"source" text NOT NULL,
	"key" text NOT NULL,
	"document" jsonb,
	"rank" double precision,
	CONSTRAINT "import_previous_source_key_pk" PRIMARY KEY("source","key")
);
--> statement-breakpoint
CREATE TABLE "index_builds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "index_builds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"document_count" integer,
	"bytes" integer,
	"crc32c" bigint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "source_revisions" (
	"source" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "index_artifacts" ADD COLUMN "documents_revision" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "index_builds_source_started" ON "index_builds" USING btree ("source","started_at");