ALTER TABLE "chunk" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "chunk_language_idx" ON "chunk" USING btree ("language");