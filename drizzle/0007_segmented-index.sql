CREATE SEQUENCE "public"."document_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "document_removals" (
	"source" text NOT NULL,
	"key" text NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "document_removals_source_key_pk" PRIMARY KEY("source","key")
);
--> statement-breakpoint
CREATE TABLE "index_deltas" (
	"source" text PRIMARY KEY NOT NULL,
	"base_crc32c" bigint NOT NULL,
	"crc32c" bigint NOT NULL,
	"size" integer NOT NULL,
	"raw_size" integer NOT NULL,
	"document_count" integer NOT NULL,
	"hidden_count" integer NOT NULL,
	"searchable_count" integer NOT NULL,
	"documents_mark" bigint NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_segment_parts" (
	"source" text NOT NULL,
	"crc32c" bigint NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "index_segment_parts_source_crc32c_part_pk" PRIMARY KEY("source","crc32c","part")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seq" bigint DEFAULT nextval('document_seq') NOT NULL;--> statement-breakpoint
-- Each stored artifact's bytes become its one part; its size is kept beside it.
ALTER TABLE "index_artifacts" ADD COLUMN "size" integer;--> statement-breakpoint
INSERT INTO "index_segment_parts" ("source", "crc32c", "part", "bytes")
  SELECT "source", "crc32c", 0, "bytes" FROM "index_artifacts";--> statement-breakpoint
UPDATE "index_artifacts" SET "size" = octet_length("bytes");--> statement-breakpoint
ALTER TABLE "index_artifacts" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "index_artifacts" ADD COLUMN "documents_mark" bigint;--> statement-breakpoint
CREATE INDEX "document_removals_source_seq" ON "document_removals" USING btree ("source","seq");--> statement-breakpoint
CREATE INDEX "documents_source_seq" ON "documents" USING btree ("source","seq");--> statement-breakpoint
ALTER TABLE "index_artifacts" DROP COLUMN "bytes";--> statement-breakpoint
-- Every statement writing documents holds this lock (shared) until its transaction ends, so that a
-- build reading document_seq under the exclusive lock knows every number up to it is settled.
CREATE FUNCTION "documents_write_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(736174);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_write_lock" BEFORE INSERT OR UPDATE OR DELETE ON "documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "documents_write_lock"();--> statement-breakpoint
CREATE FUNCTION "documents_number_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := nextval('document_seq');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_number_write" BEFORE INSERT OR UPDATE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "documents_number_write"();--> statement-breakpoint
CREATE FUNCTION "documents_record_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_removals" ("source", "key", "seq")
    VALUES (OLD."source", OLD."key", nextval('document_seq'))
    ON CONFLICT ("source", "key") DO UPDATE SET "seq" = excluded."seq";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_record_removal" AFTER DELETE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "documents_record_removal"();
