import { index, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { chunk } from "./memories.ts";

/**
 * A chunk's dense vector (unit length) from the configured embeddings model. Stored as `real[]`
 * so one migration serves every PostgreSQL; where pgvector exists, search casts it to `vector`.
 * Deleting or re-indexing a chunk removes its vector (cascade).
 */
export const chunkEmbedding = pgTable(
  "chunk_embedding",
  {
    chunkId: text("chunk_id")
      .primaryKey()
      .references(() => chunk.id, { onDelete: "cascade" }),
    sourceId: text("source_id").notNull(),
    ownerId: text("owner_id").notNull(),
    /** The provider's vector-space id (model and dimensions); vectors of other models are ignored. */
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chunk_embedding_source_idx").on(t.sourceId),
    index("chunk_embedding_owner_model_idx").on(t.ownerId, t.model),
  ],
);
