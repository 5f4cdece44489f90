import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import type { EmbeddingsProvider } from "./embeddings.ts";

/** What the embedding model reads for one chunk: its title, heading path and text. */
export function embeddingText(title: string, headingPath: string, text: string): string {
  return [title.trim(), headingPath.trim(), text.trim()].filter(Boolean).join("\n");
}

/** Chunks per transaction (and per provider round of `EMBED_BATCH` texts each). */
const WRITE_BATCH = 256;

/**
 * Embeds the chunks of one memory that have no vector from `provider` yet, while the memory is
 * still at `contentVersion`. Idempotent: a repeat finds nothing left to embed. Vectors of a chunk
 * that was re-indexed meanwhile are dropped with it (cascade), and the newer version's job embeds
 * the new chunks. Returns the number of vectors written.
 */
export async function embedSourceChunks(
  db: Db,
  provider: EmbeddingsProvider,
  sourceId: string,
  contentVersion: number,
): Promise<number> {
  let written = 0;
  for (;;) {
    const pending = await queryRows<{
      id: string;
      owner_id: string;
      title: string;
      heading_path: string;
      text: string;
    }>(
      db,
      sql`SELECT c.id, c.owner_id, c.title, c.heading_path, c.text
          FROM chunk c JOIN source s ON s.id = c.source_id AND s.content_version = ${contentVersion}
          WHERE c.source_id = ${sourceId}
            AND NOT EXISTS (SELECT 1 FROM chunk_embedding e WHERE e.chunk_id = c.id AND e.model = ${provider.id})
          ORDER BY c.ord
          LIMIT ${WRITE_BATCH}`,
    );
    if (!pending.length) return written;
    const vectors = await provider.embed(pending.map((c) => embeddingText(c.title, c.heading_path, c.text)));
    if (vectors.length !== pending.length)
      throw new Error(`embeddings provider answered ${vectors.length} vectors for ${pending.length} texts`);
    const inserted = await db.transaction(async (tx) => {
      // The same lock the indexer takes: chunks cannot be replaced while their vectors are written.
      const [cur] = await queryRows<{ v: number }>(
        tx,
        sql`SELECT content_version AS v FROM source WHERE id = ${sourceId} FOR SHARE`,
      );
      if (!cur || Number(cur.v) !== contentVersion) return -1;
      const values = sql.join(
        pending.map(
          (c, i) =>
            sql`(${c.id}, ${sourceId}, ${c.owner_id}, ${provider.id}, ${`{${vectors[i].join(",")}}`}::real[])`,
        ),
        sql`, `,
      );
      const rows = await queryRows<{ chunk_id: string }>(
        tx,
        sql`INSERT INTO chunk_embedding (chunk_id, source_id, owner_id, model, embedding)
            SELECT v.chunk_id, v.source_id, v.owner_id, v.model, v.embedding
            FROM (VALUES ${values}) AS v(chunk_id, source_id, owner_id, model, embedding)
            JOIN chunk c ON c.id = v.chunk_id
            ON CONFLICT (chunk_id) DO UPDATE SET model = excluded.model, embedding = excluded.embedding,
              source_id = excluded.source_id, owner_id = excluded.owner_id, created_at = now()
            RETURNING chunk_id`,
      );
      return rows.length;
    });
    if (inserted < 0) return written; // a newer version superseded this one
    written += inserted;
    if (inserted === 0) return written; // chunks vanished under us; nothing more to do
  }
}
