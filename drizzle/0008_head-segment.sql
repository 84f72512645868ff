ALTER TABLE "index_artifacts" ADD COLUMN "head_crc32c" bigint;--> statement-breakpoint
ALTER TABLE "index_artifacts" ADD COLUMN "head_size" integer;--> statement-breakpoint
ALTER TABLE "index_artifacts" ADD COLUMN "head_document_count" integer;