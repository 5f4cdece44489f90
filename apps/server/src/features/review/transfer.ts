import crypto from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { reviewCard } from "../../platform/db/schema/index.ts";
import type { Schedule } from "./schedule.ts";
import { scheduleColumns } from "./service.ts";
import * as repo from "./repo.ts";

/**
 * A user's review card in the Mnemo export (`review/cards.json`, docs/export-format.md): its text,
 * the passage it cites, and its FSRS schedule, so an import keeps when each card is due.
 */
export type ExportedReviewCard = {
  memory_id: string;
  front: string;
  back: string;
  sentence: string;
  kind: string;
  language: string;
  anchor: Record<string, unknown>;
  suspended: boolean;
  created_at: string;
  /** Identifies the card's sentence and blank within its memory (making cards again adds none). */
  key: string;
  schedule: Schedule;
};

/** The user's cards of these memories (the exported ones), in the order they were made. */
export async function reviewCardsForExport(
  db: Db,
  userId: string,
  memoryIds: string[],
): Promise<ExportedReviewCard[]> {
  const out: ExportedReviewCard[] = [];
  for (let i = 0; i < memoryIds.length; i += 500) {
    const rows = await db
      .select()
      .from(reviewCard)
      .where(and(eq(reviewCard.userId, userId), inArray(reviewCard.memoryId, memoryIds.slice(i, i + 500))))
      .orderBy(asc(reviewCard.createdAt), asc(reviewCard.id));
    for (const r of rows)
      out.push({
        memory_id: r.memoryId,
        front: r.front,
        back: r.back,
        sentence: r.sentence,
        kind: r.kind,
        language: r.language,
        anchor: r.anchor,
        suspended: r.suspended,
        created_at: r.createdAt.toISOString(),
        key: r.dedupeKey,
        schedule: {
          due: r.due.toISOString(),
          stability: r.stability,
          difficulty: r.difficulty,
          scheduledDays: r.scheduledDays,
          learningSteps: r.learningSteps,
          reps: r.reps,
          lapses: r.lapses,
          state: r.state,
          lastReview: r.lastReview ? r.lastReview.toISOString() : null,
        },
      });
  }
  return out;
}

const KINDS = new Set(["date", "number", "name", "definition"]);
const finite = (n: unknown, d = 0) => (typeof n === "number" && Number.isFinite(n) ? n : d);
const date = (s: unknown) => (typeof s === "string" && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);

/**
 * Creates the imported cards for the user on the memories the import created (`memories`: the
 * exported memory id → the new one), keeping each card's schedule. A card whose memory was not
 * imported (a duplicate, a failure) is left out; importing the same export again adds none.
 * Returns how many were created.
 */
export async function importReviewCards(
  db: Db,
  userId: string,
  cards: unknown[],
  memories: Map<string, string>,
): Promise<number> {
  const rows: repo.NewCard[] = [];
  for (const raw of cards) {
    if (!raw || typeof raw !== "object") continue;
    const c = raw as Partial<ExportedReviewCard>;
    const memoryId = typeof c.memory_id === "string" ? memories.get(c.memory_id) : undefined;
    if (!memoryId || typeof c.front !== "string" || typeof c.back !== "string" || !c.schedule) continue;
    const s = c.schedule;
    const due = date(s.due);
    if (!due) continue;
    const anchor = c.anchor && typeof c.anchor === "object" ? { ...c.anchor } : {};
    // The imported memory's chunks are numbered as the exported one's: `<memory id>:<ord>`.
    const chunkId =
      typeof anchor.chunk_id === "string"
        ? anchor.chunk_id.replace(/^[^:]*:/, `${memoryId}:`)
        : `${memoryId}:0`;
    anchor.chunk_id = chunkId;
    const sentence = typeof c.sentence === "string" ? c.sentence : c.front;
    rows.push({
      id: crypto.randomUUID(),
      userId,
      memoryId,
      chunkId,
      anchor: {
        start: 0,
        end: 0,
        heading: "",
        quote: sentence,
        ...anchor,
      },
      front: c.front.slice(0, 2000),
      back: c.back.slice(0, 2000),
      sentence,
      kind: typeof c.kind === "string" && KINDS.has(c.kind) ? c.kind : "name",
      language: typeof c.language === "string" ? c.language : "und",
      dedupeKey:
        typeof c.key === "string" && c.key
          ? c.key
          : crypto.createHash("sha256").update(`${c.front}\n${c.back}`).digest("hex").slice(0, 32),
      suspended: c.suspended === true,
      createdAt: date(c.created_at) ?? new Date(),
      ...scheduleColumns({
        due: due.toISOString(),
        stability: finite(s.stability),
        difficulty: finite(s.difficulty),
        scheduledDays: Math.trunc(finite(s.scheduledDays)),
        learningSteps: Math.trunc(finite(s.learningSteps)),
        reps: Math.trunc(finite(s.reps)),
        lapses: Math.trunc(finite(s.lapses)),
        state: Math.trunc(finite(s.state)),
        lastReview: date(s.lastReview)?.toISOString() ?? null,
      }),
    });
  }
  return (await repo.insertCards(db, rows)).length;
}
