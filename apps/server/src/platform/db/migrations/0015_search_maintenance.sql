-- Search maintenance after an upgrade, resumable (one row per task; the row is the progress).
CREATE TABLE "search_maintenance" (
	"task" text PRIMARY KEY NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Chunks written before 0014 keep their tsvector out of line until written again: a database that
-- has chunks gets the background task that rewrites them (modules/search/tsv-inline.ts); a new
-- one has nothing to rewrite.
INSERT INTO "search_maintenance" ("task") SELECT 'tsv-inline' WHERE EXISTS (SELECT 1 FROM "chunk");
