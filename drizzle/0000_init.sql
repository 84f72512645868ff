CREATE TABLE "backup_items" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"meta" jsonb NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	CONSTRAINT "backup_items_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"log_name" text NOT NULL,
	"severity" text NOT NULL,
	"group" text,
	"user_id" text,
	"message" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"source" text NOT NULL,
	"key" text NOT NULL,
	"document" jsonb NOT NULL,
	"rank" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_source_key_pk" PRIMARY KEY("source","key")
);
--> statement-breakpoint
CREATE TABLE "index_artifacts" (
	"source" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"crc32c" bigint NOT NULL,
	"bytes" "bytea" NOT NULL,
	"raw_size" integer NOT NULL,
	"document_count" integer NOT NULL,
	"source_version" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookups" (
	"id" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"email_verified" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_tokens_identifier_token_pk" PRIMARY KEY("identifier","token")
);
--> statement-breakpoint
ALTER TABLE "backup_items" ADD CONSTRAINT "backup_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_logs_received" ON "client_logs" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "documents_source_updated" ON "documents" USING btree ("source","updated_at");