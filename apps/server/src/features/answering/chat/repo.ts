import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PlacedToolStep } from "@mnemo/contracts/stream";
import type { Db } from "../../../platform/db/client.ts";
import {
  chat,
  chatTurn,
  chunk,
  source,
  sourceContent,
  userProfile,
} from "../../../platform/db/schema/index.ts";
import type { EchoOf } from "./echo.ts";

export type ChatRow = typeof chat.$inferSelect;
export type TurnRow = typeof chatTurn.$inferSelect;

export type NewChat = typeof chat.$inferInsert;

export async function insertChat(db: Db, row: NewChat): Promise<ChatRow> {
  const [created] = await db.insert(chat).values(row).returning();
  return created;
}

export async function findChat(db: Db, id: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chat).where(eq(chat.id, id)).limit(1);
  return row;
}

/** The actor's own per-source chat of one memory, if any. */
export async function findSourceChat(
  db: Db,
  ownerId: string,
  sourceId: string,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chat)
    .where(and(eq(chat.ownerId, ownerId), eq(chat.scope, "source"), eq(chat.sourceId, sourceId)))
    .orderBy(desc(chat.updatedAt))
    .limit(1);
  return row;
}

export async function listChats(
  db: Db,
  ownerId: string,
  opts: { limit: number; offset: number; sourceId?: string | null },
) {
  const where = opts.sourceId
    ? and(eq(chat.ownerId, ownerId), eq(chat.sourceId, opts.sourceId))
    : eq(chat.ownerId, ownerId);
  return db
    .select()
    .from(chat)
    .where(where)
    .orderBy(desc(chat.updatedAt))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function deleteChat(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(chat)
    .where(and(eq(chat.id, id), eq(chat.ownerId, ownerId)))
    .returning({ id: chat.id });
  return rows.length > 0;
}

/** Deletes the turns of one chat, or of every chat of the owner. Returns the count. */
export async function deleteTurns(db: Db, ownerId: string, chatId?: string): Promise<number> {
  const where = chatId
    ? and(eq(chatTurn.ownerId, ownerId), eq(chatTurn.chatId, chatId))
    : eq(chatTurn.ownerId, ownerId);
  const rows = await db.delete(chatTurn).where(where).returning({ id: chatTurn.id });
  return rows.length;
}

export async function updateChat(db: Db, id: string, patch: Partial<typeof chat.$inferInsert>) {
  await db
    .update(chat)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(chat.id, id));
}

export async function listTurns(db: Db, chatId: string, limit?: number): Promise<TurnRow[]> {
  const q = db.select().from(chatTurn).where(eq(chatTurn.chatId, chatId)).orderBy(asc(chatTurn.ord));
  return limit ? q.limit(limit) : q;
}

/** Removes the chat's last turn when it asked `query` (a regenerated answer replaces it). */
export async function deleteLastTurnIfQuery(db: Db, chatId: string, query: string) {
  await db.execute(sql`DELETE FROM chat_turn WHERE id = (
      SELECT id FROM chat_turn WHERE chat_id = ${chatId} ORDER BY ord DESC LIMIT 1) AND query = ${query}`);
}

/** Inserts a turn at the end of the chat (ord = max + 1) in one statement. */
export async function insertTurn(db: Db, row: Omit<typeof chatTurn.$inferInsert, "ord">): Promise<TurnRow> {
  const [created] = await db
    .insert(chatTurn)
    .values({
      ...row,
      ord: sql`(SELECT coalesce(max(${chatTurn.ord}), -1) + 1 FROM ${chatTurn} WHERE ${chatTurn.chatId} = ${row.chatId})`,
    })
    .returning();
  return created;
}

export async function updateTurn(db: Db, id: string, patch: Partial<typeof chatTurn.$inferInsert>) {
  await db.update(chatTurn).set(patch).where(eq(chatTurn.id, id));
}

/** `prefix` begins `column` (both texts). */
const begins = (column: typeof chatTurn.answer | typeof chatTurn.thoughts, prefix: string) =>
  sql`starts_with(${column}, ${prefix})`;

/** The turn's metadata key of its tool lines, and of how many of them a stopped answer showed. */
const TOOL_STEPS = "tool_steps";
const TOOL_STEP_LINES = "tool_step_lines";

/**
 * Stores how a reply ended (the server's own text), unless the owner already recorded what was
 * shown at Stop and that text begins the generated one: the answer stays as the reader saw it.
 * The tool lines are always stored (the server's own; a recorded Stop says how many were shown).
 */
export async function storeOutcome(
  db: Db,
  id: string,
  o: {
    answer: string;
    thoughts: string;
    /** The tool lines streamed, each placed in `thoughts`. */
    toolSteps?: PlacedToolStep[];
    followUps: string[];
    status: string;
    sources?: {
      results: unknown[];
      mostRelevant: unknown[];
      other: unknown[];
      sourceIdMap: Record<string, string>;
    };
    toolCall?: { tool_name: string; params: Record<string, unknown> };
    echoMemory?: boolean;
  },
) {
  // Sources an agent's tools added and the tool call it proposed join the turn's metadata.
  const meta: Record<string, unknown> = {};
  if (o.sources)
    Object.assign(meta, {
      most_relevant_results: o.sources.mostRelevant,
      other_results: o.sources.other,
      source_id_map: o.sources.sourceIdMap,
    });
  if (o.toolCall) meta.tool_call = o.toolCall;
  if (o.echoMemory) meta.echo_memory = true;
  if (o.toolSteps)
    await db
      .update(chatTurn)
      .set({ metadata: sql`${chatTurn.metadata} || ${JSON.stringify({ [TOOL_STEPS]: o.toolSteps })}::jsonb` })
      .where(eq(chatTurn.id, id));
  await db
    .update(chatTurn)
    .set({
      answer: o.answer,
      thoughts: o.thoughts,
      followUps: o.followUps,
      status: o.status,
      ...(o.sources ? { sources: o.sources.results } : {}),
      // The server's text stands: a Stop's count of shown tool lines no longer applies.
      metadata: sql`(${chatTurn.metadata} - ${TOOL_STEP_LINES}::text) || ${JSON.stringify(meta)}::jsonb`,
    })
    .where(
      and(
        eq(chatTurn.id, id),
        sql`(${chatTurn.status} = 'streaming' OR NOT (starts_with(${o.answer}, ${chatTurn.answer})
              AND starts_with(${o.thoughts}, ${chatTurn.thoughts})))`,
      ),
    );
}

/**
 * Records the answer and thoughts shown when the owner pressed Stop: while the reply is still
 * stored as streaming, or when the shown texts begin what the server stored. `toolStepLines`: how
 * many tool lines had been shown (the history folds only those). False when no turn of the
 * owner's chat matched.
 */
export async function recordStoppedTurn(
  db: Db,
  ownerId: string,
  target: { chatId: string; turnId: string },
  shown: { answer: string; thoughts: string; toolStepLines?: number },
): Promise<boolean> {
  const lines = shown.toolStepLines;
  const rows = await db
    .update(chatTurn)
    .set({
      answer: shown.answer,
      thoughts: shown.thoughts,
      status: "cancelled",
      metadata:
        lines === undefined
          ? sql`${chatTurn.metadata} - ${TOOL_STEP_LINES}::text`
          : sql`${chatTurn.metadata} || ${JSON.stringify({ [TOOL_STEP_LINES]: lines })}::jsonb`,
    })
    .where(
      and(
        eq(chatTurn.id, target.turnId),
        eq(chatTurn.chatId, target.chatId),
        eq(chatTurn.ownerId, ownerId),
        sql`(${chatTurn.status} = 'streaming' OR (${chatTurn.status} IN ('cancelled', 'success')
              AND ${begins(chatTurn.answer, shown.answer)} AND ${begins(chatTurn.thoughts, shown.thoughts)}))`,
      ),
    )
    .returning({ id: chatTurn.id });
  return rows.length > 0;
}

/** A turn of the owner's chat, if any. */
export async function findOwnTurn(db: Db, ownerId: string, chatId: string, turnId: string) {
  const [row] = await db
    .select({
      id: chatTurn.id,
      answer: chatTurn.answer,
      sources: chatTurn.sources,
      metadata: chatTurn.metadata,
    })
    .from(chatTurn)
    .where(and(eq(chatTurn.id, turnId), eq(chatTurn.chatId, chatId), eq(chatTurn.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** Title, type and url of memories, by id, with the origins of an echo memory (a saved answer). */
export async function sourceMeta(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: source.id,
      title: source.title,
      type: source.type,
      url: source.url,
      echoOf: sql<unknown>`${source.meta}->'echo_of'`.mapWith(source.meta),
    })
    .from(source)
    .where(inArray(source.id, ids));
}

/** Marks the owner's memory as the echo of a turn's answer (`meta.echo_of`). */
export async function markEchoMemory(db: Db, ownerId: string, sourceId: string, echo: EchoOf) {
  await db
    .update(source)
    .set({ meta: sql`${source.meta} || ${JSON.stringify({ echo_of: echo })}::jsonb` })
    .where(and(eq(source.id, sourceId), eq(source.ownerId, ownerId)));
}

/** The cited chunks' offsets, heading paths and locations, with their memories' type and kind. */
/**
 * The rows `passageAnchor` reads for these chunks (with their memory's id and title): an answer's
 * citations, a brief's points and the passages of a collection anchor through this one query.
 */
export async function chunkAnchors(db: Db, chunkIds: string[]) {
  if (!chunkIds.length) return [];
  return db
    .select({
      id: chunk.id,
      sourceId: chunk.sourceId,
      title: source.title,
      text: chunk.text,
      startOffset: chunk.startOffset,
      endOffset: chunk.endOffset,
      headingPath: chunk.headingPath,
      location: chunk.location,
      type: source.type,
      url: source.url,
      kind: sql<string | null>`${source.meta}->>'kind'`,
    })
    .from(chunk)
    .innerJoin(source, eq(source.id, chunk.sourceId))
    .where(inArray(chunk.id, [...new Set(chunkIds)]));
}

const GEN_KEY = "generation_instructions";

export async function getGenerationInstructions(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ metadata: userProfile.metadata })
    .from(userProfile)
    .where(eq(userProfile.userId, userId))
    .limit(1);
  const v = row?.metadata?.[GEN_KEY];
  return typeof v === "string" ? v : "";
}

export async function setGenerationInstructions(db: Db, userId: string, text: string) {
  await db
    .update(userProfile)
    .set({
      metadata: sql`${userProfile.metadata} || ${JSON.stringify({ [GEN_KEY]: text })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(userProfile.userId, userId));
}

/** Stores a vote on a turn of the owner's chat (by id, else the latest turn with that query). */
export async function voteTurn(
  db: Db,
  ownerId: string,
  chatId: string,
  target: { turnId?: string | null; query?: string | null },
  vote: number | null,
): Promise<boolean> {
  const base = and(eq(chatTurn.ownerId, ownerId), eq(chatTurn.chatId, chatId));
  const where = target.turnId
    ? and(base, eq(chatTurn.id, target.turnId))
    : and(base, eq(chatTurn.query, target.query ?? ""));
  const [turn] = await db
    .select({ id: chatTurn.id })
    .from(chatTurn)
    .where(where)
    .orderBy(desc(chatTurn.ord))
    .limit(1);
  if (!turn) return false;
  await db.update(chatTurn).set({ vote }).where(eq(chatTurn.id, turn.id));
  return true;
}

/** A memory's title, type and indexed text (a public chat's read-only preview of a cited memory). */
export async function memoryText(db: Db, id: string) {
  const [row] = await db
    .select({
      id: source.id,
      title: source.title,
      type: source.type,
      markdown: sourceContent.markdown,
      text: sourceContent.text,
    })
    .from(source)
    .leftJoin(sourceContent, eq(sourceContent.sourceId, source.id))
    .where(eq(source.id, id));
  return row;
}
