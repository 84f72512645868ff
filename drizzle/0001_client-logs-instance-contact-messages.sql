CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"locale" text
);
--> statement-breakpoint
ALTER TABLE "client_logs" ADD COLUMN "logged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_logs" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_received" ON "contact_messages" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_logs_instance" ON "client_logs" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "client_logs_user" ON "client_logs" USING btree ("user_id","id");