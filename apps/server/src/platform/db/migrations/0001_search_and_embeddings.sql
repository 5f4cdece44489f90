-- Search columns and tables, and chunk embeddings: these were first added by editing 0000_init
-- in place after it shipped. A database created from the released 0000 gets them here. Every
-- statement is idempotent, because databases created while 0000 held the edits already have
-- some or all of them (their 0000 row is newer than the released one, so 0000 is not re-run).
ALTER TABLE "chunk" ADD COLUMN IF NOT EXISTS "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chunk" ADD COLUMN IF NOT EXISTS "tsv" "tsvector";--> statement-breakpoint
ALTER TABLE "chunk" ADD COLUMN IF NOT EXISTS "tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_stats" (
	"id" integer PRIMARY KEY NOT NULL,
	"docs" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_term_df" (
	"term" text PRIMARY KEY NOT NULL,
	"df" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chunk_embedding" (
	"chunk_id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'chunk_embedding_chunk_id_chunk_id_fk') THEN
		ALTER TABLE "chunk_embedding" ADD CONSTRAINT "chunk_embedding_chunk_id_chunk_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunk"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chunk_tsv_idx" ON "chunk" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chunk_embedding_source_idx" ON "chunk_embedding" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chunk_embedding_owner_model_idx" ON "chunk_embedding" USING btree ("owner_id","model");
