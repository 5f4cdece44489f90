-- Keep each chunk's tsvector in its row (compressed if need be; out of line only as a last resort):
-- the portable BM25 first stage reads it once per term for up to SCAN_BUDGET rows, and an
-- out-of-line value is fetched from the TOAST table on every read (docs/decisions.md). Rows written
-- before keep their storage until they are written again (re-indexing rewrites them).
ALTER TABLE "chunk" ALTER COLUMN "tsv" SET STORAGE MAIN;
