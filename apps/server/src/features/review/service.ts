import crypto from "node:crypto";
import {
  REVIEW_MAX_CARDS_PER_CALL,
  REVIEW_MAX_CARDS_PER_MEMORY,
  type GradeReviewResponse,
  type MakeReviewCardsResponse,
  type NoCardsReason,
  type ReviewCard,
  type ReviewCardKind,
  type ReviewDue,
  type ReviewGrade,
} from "@mnemo/contracts/review";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import type { Actor, PlatformContext } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { notFound } from "../../platform/lib/errors.ts";
import { authorizeSource } from "../../core/sources/access.ts";
import type { Viewer } from "../../core/access/sql.ts";
import { passageAnchor } from "../answering/index.ts";
import { requireCollectionAccess } from "../collections/index.ts";
import { makeCards, type ClozeCard } from "./cards.ts";
import { grade as gradeSchedule, newSchedule, type Schedule } from "./schedule.ts";
import * as repo from "./repo.ts";
import { ankiCsv } from "./anki.ts";

/** What review cards use of the application context. */
export type ReviewDeps = Pick<PlatformContext, "database" | "publicUrl">;

const viewerOf = (actor: Actor): Viewer => ({ id: actor.id, email: actor.email.toLowerCase() });

/** Collapsed whitespace, lower case: how a sentence is compared with a selection. */
const folded = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/** One card per sentence and blank of a memory: the same sentence made again is the same key. */
const dedupeKey = (c: Pick<ClozeCard, "sentence" | "start" | "end">) =>
  crypto.createHash("sha256").update(`${c.start}:${c.end}:${c.sentence}`).digest("hex").slice(0, 32);

export function presentCard(r: repo.CardRow): ReviewCard {
  return {
    id: r.id,
    memory_id: r.memoryId,
    memory_title: r.memoryTitle,
    front: r.front,
    back: r.back,
    sentence: r.sentence,
    kind: r.kind as ReviewCardKind,
    language: r.language,
    anchor: r.anchor as PassageAnchor,
    due: r.due.toISOString(),
    state: r.state,
    reps: r.reps,
    lapses: r.lapses,
    suspended: r.suspended,
    last_review: r.lastReview ? r.lastReview.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A card's schedule as stored, for ts-fsrs. */
const scheduleOf = (r: repo.CardRow): Schedule => ({
  due: r.due.toISOString(),
  stability: r.stability,
  difficulty: r.difficulty,
  scheduledDays: r.scheduledDays,
  learningSteps: r.learningSteps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  lastReview: r.lastReview ? r.lastReview.toISOString() : null,
});

/** A schedule as columns. */
export const scheduleColumns = (s: Schedule) => ({
  due: new Date(s.due),
  stability: s.stability,
  difficulty: s.difficulty,
  scheduledDays: s.scheduledDays,
  learningSteps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  lastReview: s.lastReview ? new Date(s.lastReview) : null,
});

/**
 * The cards one memory's text gives, each anchored to its chunk as an answer chip is: the chunk's
 * offsets, heading path, page/slide/row, and the sentence as the quote. Only sentences inside
 * `selection` when given.
 */
async function cardsOfMemory(db: Db, memoryId: string, selection: string | undefined, room: number) {
  const chunks = await repo.chunksOf(db, memoryId);
  const out: { card: ClozeCard; anchor: PassageAnchor; chunkId: string }[] = [];
  const seen = new Set<string>();
  const within = selection ? folded(selection) : undefined;
  for (const c of chunks) {
    if (out.length >= room) break;
    const language = c.language && c.language !== "und" ? c.language : undefined;
    for (const card of makeCards(c.text, { language, title: c.title, focus: selection })) {
      if (out.length >= room) break;
      // A chunk overlaps the next: the same sentence read twice makes one card.
      const key = dedupeKey(card);
      if (seen.has(key)) continue;
      if (within) {
        const s = folded(card.sentence);
        if (!within.includes(s) && !s.includes(within)) continue;
      }
      seen.add(key);
      const anchor = passageAnchor(c, "", c.title, card.sentence);
      out.push({ card, anchor, chunkId: c.id });
    }
  }
  return { chunks: chunks.length, cards: out };
}

/**
 * Makes review cards for the actor from a memory (or a selection in it) or from every memory of a
 * collection the actor may read. Offline and from the memory's own sentences only; making again
 * adds none (each sentence and blank once per user and memory). Someone reading a shared memory
 * gets cards of their own.
 */
export async function makeReviewCards(
  deps: ReviewDeps,
  actor: Actor,
  input: { memory_id?: string; collection_id?: string; selection?: string },
): Promise<MakeReviewCardsResponse> {
  const db = deps.database.db;
  const v = viewerOf(actor);
  let memoryIds: string[];
  if (input.memory_id) {
    await authorizeSource(db, v, input.memory_id, "read");
    memoryIds = [input.memory_id];
  } else {
    await requireCollectionAccess(db, v, input.collection_id!, "view");
    memoryIds = await repo.collectionMemoryIds(db, input.collection_id!);
    if (!memoryIds.length) return { made: 0, existing: 0, cards: [], reason: "empty_collection" };
  }
  const now = new Date();
  const rows: repo.NewCard[] = [];
  let chunks = 0;
  for (const memoryId of memoryIds) {
    const room = Math.min(REVIEW_MAX_CARDS_PER_MEMORY, REVIEW_MAX_CARDS_PER_CALL - rows.length);
    if (room <= 0) break;
    const made = await cardsOfMemory(db, memoryId, input.selection, room);
    chunks += made.chunks;
    for (const { card, anchor, chunkId } of made.cards)
      rows.push({
        id: crypto.randomUUID(),
        userId: actor.id,
        memoryId,
        chunkId,
        anchor,
        front: card.front,
        back: card.back,
        sentence: card.sentence,
        kind: card.kind,
        language: card.language,
        dedupeKey: dedupeKey(card),
        // A millisecond apart, so cards list in the memory's order (one statement's now() is one time).
        createdAt: new Date(now.getTime() + rows.length),
        ...scheduleColumns(newSchedule(now)),
      });
  }
  const inserted = new Set(await repo.insertCards(db, rows));
  const cards = await repo.cardsByKeys(
    db,
    v,
    memoryIds,
    rows.map((r) => r.dedupeKey),
  );
  const made = cards.filter((c) => inserted.has(c.id)).length;
  let reason: NoCardsReason | null = null;
  if (made === 0)
    reason = cards.length ? "already_made" : chunks === 0 && input.memory_id ? "not_indexed" : "no_sentences";
  return { made, existing: cards.length - made, cards: cards.map(presentCard), reason };
}

/** The actor's due count and next due cards. */
export async function dueReview(deps: ReviewDeps, actor: Actor, limit: number): Promise<ReviewDue> {
  const due = await repo.dueCards(deps.database.db, viewerOf(actor), new Date(), limit);
  return {
    due_count: due.dueCount,
    cards: due.cards.map(presentCard),
    total: due.total,
    next_due_at: due.nextDue ? new Date(due.nextDue).toISOString() : null,
  };
}

/** The actor's cards, of one memory or one collection the actor may read when given. */
export async function listReviewCards(
  deps: ReviewDeps,
  actor: Actor,
  filter: { memory_id?: string; collection_id?: string },
): Promise<ReviewCard[]> {
  const db = deps.database.db;
  const v = viewerOf(actor);
  let memoryIds: string[] | undefined;
  if (filter.memory_id) {
    await authorizeSource(db, v, filter.memory_id, "read");
    memoryIds = [filter.memory_id];
  }
  if (filter.collection_id) {
    await requireCollectionAccess(db, v, filter.collection_id, "view");
    const inCollection = new Set(await repo.collectionMemoryIds(db, filter.collection_id));
    memoryIds = (memoryIds ?? [...inCollection]).filter((id) => inCollection.has(id));
  }
  return (await repo.listCards(db, v, memoryIds)).map(presentCard);
}

async function ownCard(deps: ReviewDeps, actor: Actor, id: string) {
  const card = await repo.cardById(deps.database.db, viewerOf(actor), id);
  if (!card) throw notFound("Card not found.");
  return card;
}

/** Grades a review of the actor's card: its next due date under FSRS. */
export async function gradeReview(
  deps: ReviewDeps,
  actor: Actor,
  input: { card_id: string; grade: ReviewGrade },
): Promise<GradeReviewResponse> {
  const card = await ownCard(deps, actor, input.card_id);
  const next = gradeSchedule(scheduleOf(card), input.grade, new Date());
  await repo.updateCard(deps.database.db, actor.id, card.id, scheduleColumns(next.schedule));
  const [updated, due] = await Promise.all([
    ownCard(deps, actor, card.id),
    repo.dueCards(deps.database.db, viewerOf(actor), new Date(), 1),
  ]);
  return { card: presentCard(updated), due_count: due.dueCount };
}

/** Edits the question or answer of the actor's card, or (un)suspends it. */
export async function updateReviewCard(
  deps: ReviewDeps,
  actor: Actor,
  id: string,
  input: { front?: string; back?: string; suspended?: boolean },
): Promise<ReviewCard> {
  await ownCard(deps, actor, id);
  await repo.updateCard(deps.database.db, actor.id, id, input);
  return presentCard(await ownCard(deps, actor, id));
}

export async function deleteReviewCard(deps: ReviewDeps, actor: Actor, id: string): Promise<void> {
  await ownCard(deps, actor, id);
  await repo.deleteCard(deps.database.db, actor.id, id);
}

/** The link that opens a card's memory in the preview at its passage (as an answer chip does). */
export function sourceLink(publicUrl: string, memoryId: string, anchor: PassageAnchor): string {
  const q = new URLSearchParams({ preview: memoryId, passage: JSON.stringify(anchor) });
  return `${publicUrl.replace(/\/$/, "")}/?${q.toString()}`;
}

/** The actor's cards (suspended included) as a CSV deck Anki imports. */
export async function exportAnkiCsv(deps: ReviewDeps, actor: Actor): Promise<string> {
  const cards = await repo.listCards(deps.database.db, viewerOf(actor));
  return ankiCsv(
    cards.map((c) => ({
      front: c.front,
      back: c.back,
      title: c.memoryTitle,
      link: sourceLink(deps.publicUrl, c.memoryId, c.anchor as PassageAnchor),
      tags: ["mnemo", `mnemo::${c.kind}`, ...(c.suspended ? ["mnemo::suspended"] : [])],
    })),
  );
}
