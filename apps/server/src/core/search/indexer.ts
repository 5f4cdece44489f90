import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { chunk, source, sourceContent } from "../../platform/db/schema/index.ts";
import { prepareForAnalysis, searchConfigFor } from "../../platform/lib/language.ts";
import { runSandboxed } from "../../platform/sandbox/runner.ts";
import { sandboxTask } from "../../platform/sandbox/task.ts";
import { prepareChunks, type PrepareInput, type PreparedChunk } from "./prepare.ts";
import { noteChunkLanguages } from "./query-language.ts";

export { buildSearchText, chunksForSource, HEADING_REPEAT, memoryLanguage, TITLE_REPEAT } from "./prepare.ts";

/**
 * Memories up to this size are chunked on the calling thread (≤ ~10 ms of CPU); larger ones in the
 * sandboxed process, so indexing never holds the event loop (issue 12). Measured on a 2-core VM:
 * 5 M characters take 67–114 ms of CPU to chunk in one go and 86–257 ms to prepare.
 */
const INLINE_PREPARE_CHARS = 100_000;
const PREPARE_TIMEOUT_MS = 120_000;
/**
 * A large memory's chunking and analysis in the sandbox: loads the chunker and language analysis
 * (ELD, stemmers: ~90 MB) only in a process that prepares a large memory.
 */
const prepareTask = sandboxTask<typeof prepareChunks>(
  new URL("./prepare.ts", import.meta.url),
  "prepareChunks",
);

function prepare(input: PrepareInput): Promise<PreparedChunk[]> {
  if (input.body.length + input.fallback.length <= INLINE_PREPARE_CHARS) {
    return Promise.resolve(prepareChunks(input));
  }
  return runSandboxed(prepareTask, input, { timeoutMs: PREPARE_TIMEOUT_MS });
}

/**
 * The analysed columns of a chunk row, for `searchText` in `language`: `tsv` (that language's
 * configuration over the prepared text), `search_text` (the lexemes one per token in order, what
 * pg_textsearch indexes with `simple`) and `tokens` (BM25 document length).
 */
export function analysedColumns(searchText: string, language: string) {
  return analysedPrepared(prepareForAnalysis(searchText, language), language);
}

/** `analysedColumns` of a search text already prepared for `language` (`prepareForAnalysis`). */
export function analysedPrepared(prepared: string, language: string) {
  const tsv = sql`to_tsvector(${searchConfigFor(language)}::regconfig, ${prepared})`;
  return {
    language,
    tsv,
    searchText: sql`(SELECT coalesce(string_agg(u.lexeme, ' ' ORDER BY p), '') FROM unnest(${tsv}) u, unnest(u.positions) p)`,
    tokens: sql`(SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(${tsv}))`,
  };
}

/**
 * (Re)indexes one memory: replaces its chunk rows (and, through triggers, the term statistics)
 * in one transaction, each chunk analysed in its language (the memory's, or the chunk's own when
 * it is clearly another). Idempotent: the same content gives the same rows. Returns the chunk count.
 */
export async function indexSourceContent(db: Db, sourceId: string): Promise<number> {
  // A memory small enough to prepare at once (nearly all) is read, prepared and written in one
  // transaction, as one step: on PGlite the transaction holds the only connection, so indexing
  // jobs do not pile prepared chunks up side by side (the 512 MB cap test measured +45 MB when
  // they did). A large one is prepared in the sandbox, outside the transaction, below.
  const small = await db.transaction(async (tx) => {
    const now = await readForIndexing(tx, sourceId, { lock: true });
    if (!now) return 0;
    if (now.input.body.length + now.input.fallback.length > INLINE_PREPARE_CHARS) return undefined;
    return writeChunks(tx, sourceId, now.ownerId, prepareChunks(now.input));
  });
  if (small !== undefined) return small;
  // Read and prepare outside the transaction: the preparation of a large memory takes seconds.
  // The write below checks that nothing changed meanwhile, and prepares again if it did.
  for (let attempt = 1; ; attempt++) {
    const read = await readForIndexing(db, sourceId);
    if (!read) return 0;
    const chunks = await prepare(read.input);
    const written = await db.transaction(async (tx) => {
      const now = await readForIndexing(tx, sourceId, { lock: true, withContent: false });
      if (!now) return 0;
      if (now.stamp !== read.stamp) return undefined;
      return writeChunks(tx, sourceId, now.ownerId, chunks);
    });
    if (written !== undefined) return written;
    if (attempt >= 5) throw new Error("The memory kept changing while it was being indexed.");
  }
}

/**
 * Characters of stored and analysed chunk text per statement, and rows: one slice of a memory's
 * write. On PGlite every statement runs on the event loop, so a large memory (thousands of chunks)
 * is written in slices with a turn of the event loop between them, all in the caller's transaction
 * (issue 12). Measured on PGlite (docs/decisions.md, h12p): a slice of 16,000 characters costs
 * 10–40 ms of CPU; the old slices of 200 rows (~400,000 characters) several hundred.
 */
const WRITE_SLICE_CHARS = 16_000;
const WRITE_SLICE_ROWS = 200;
/** Old chunk rows deleted per statement (the statistics trigger reads each one's tsvector). */
const DELETE_SLICE_ROWS = 250;

/**
 * A full turn of the event loop between two slices: a timer, so that the loop passes its poll phase
 * (requests, I/O) before the next statement. setImmediate ran the next slice in the same turn's
 * check phase when the previous one ran in the timers or poll phase: two 40–50 ms deletes back to
 * back, a 108–116 ms stall (docs/decisions.md, "h12p, second session").
 */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Consecutive runs of `chunks` of at most WRITE_SLICE_ROWS rows and WRITE_SLICE_CHARS characters
 * of stored and analysed text (at least one row each).
 */
function writeSlices<T extends { text: string; prepared: string }>(chunks: T[]): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const c of chunks) {
    const size = c.text.length + c.prepared.length;
    if (current.length && (current.length >= WRITE_SLICE_ROWS || chars + size > WRITE_SLICE_CHARS)) {
      slices.push(current);
      current = [];
      chars = 0;
    }
    current.push(c);
    chars += size;
  }
  if (current.length) slices.push(current);
  return slices;
}

/** Replaces a memory's chunks with `chunks` (inside the caller's transaction), slice by slice. */
async function writeChunks(
  tx: Db,
  sourceId: string,
  ownerId: string,
  chunks: PreparedChunk[],
): Promise<number> {
  // The old rows go in slices too: a large memory re-indexed has as many old rows as new ones.
  for (;;) {
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`WITH gone AS (DELETE FROM chunk WHERE id IN
            (SELECT id FROM chunk WHERE source_id = ${sourceId} LIMIT ${DELETE_SLICE_ROWS}) RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    if (Number(n) < DELETE_SLICE_ROWS) break;
    await nextTurn();
  }
  const slices = writeSlices(chunks);
  for (const [i, slice] of slices.entries()) {
    if (i > 0) await nextTurn();
    await tx.insert(chunk).values(
      slice.map((c) => ({
        id: `${sourceId}:${c.ord}`,
        sourceId,
        ownerId,
        ord: c.ord,
        title: c.title,
        headingPath: c.headingPath,
        text: c.text,
        startOffset: c.startOffset,
        endOffset: c.endOffset,
        length: c.text.length,
        location: c.location,
        ...analysedPrepared(c.prepared, c.language),
      })),
    );
  }
  noteChunkLanguages(new Set(chunks.map((c) => c.language)));
  return chunks.length;
}

async function readForIndexing(
  db: Db,
  sourceId: string,
  opts: { lock?: boolean; withContent?: boolean } = {},
): Promise<{ ownerId: string; stamp: string; input: PrepareInput } | undefined> {
  // One statement: what is prepared and its stamp are read at the same instant.
  const q = db
    .select({
      ownerId: source.ownerId,
      title: source.title,
      note: source.note,
      description: source.description,
      updatedAt: sourceContent.updatedAt,
      ...(opts.withContent === false ? {} : { markdown: sourceContent.markdown, text: sourceContent.text }),
    })
    .from(source)
    .leftJoin(sourceContent, eq(sourceContent.sourceId, source.id))
    .where(eq(source.id, sourceId));
  const [row] = opts.lock ? await q.for("update", { of: source }) : await q;
  if (!row) return undefined;
  const stamp = JSON.stringify([row.title, row.note, row.description, row.updatedAt?.getTime() ?? null]);
  const c = row as { markdown?: string | null; text?: string | null };
  const body = c.markdown?.trim() ? c.markdown : (c.text ?? "");
  const fallback = [row.description, row.note].filter((s) => s.trim()).join("\n\n");
  return { ownerId: row.ownerId, stamp, input: { title: row.title, body, fallback } };
}
