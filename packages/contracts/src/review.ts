import { z } from "zod";
import { zPassageAnchor } from "./chat.ts";

/**
 * Review cards (issue 45): questions made offline from a memory's own sentences (a date, a number,
 * a name or a definition blanked), each citing its passage like an answer chip, reviewed one at a
 * time and scheduled with FSRS, per user.
 */

export const zReviewGrade = z.enum(["again", "hard", "good", "easy"]);
export type ReviewGrade = z.infer<typeof zReviewGrade>;

export const zReviewCardKind = z.enum(["date", "number", "name", "definition"]);
export type ReviewCardKind = z.infer<typeof zReviewCardKind>;

/** Cards made from one memory at most (its first sentences that make one), and per call. */
export const REVIEW_MAX_CARDS_PER_MEMORY = 100;
export const REVIEW_MAX_CARDS_PER_CALL = 2000;

export const zReviewCard = z.object({
  id: z.string(),
  memory_id: z.string(),
  memory_title: z.string(),
  /** The question: the sentence with its key term blanked (or as edited). */
  front: z.string(),
  /** The answer: the blanked term (or as edited). */
  back: z.string(),
  /** The memory's sentence the card was made from. */
  sentence: z.string(),
  kind: zReviewCardKind,
  /** ISO 639-1 code of the sentence's language ("und" when undetermined). */
  language: z.string(),
  /** The cited passage: opening it opens the memory's preview there (as an answer chip does). */
  anchor: zPassageAnchor,
  due: z.string(),
  /** FSRS state: 0 new, 1 learning, 2 review, 3 relearning. */
  state: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  suspended: z.boolean(),
  last_review: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewCard = z.infer<typeof zReviewCard>;

export const zMakeReviewCardsInput = z
  .object({
    memory_id: z.string().min(1).max(200).optional(),
    collection_id: z.string().min(1).max(200).optional(),
    /** Text selected in the memory's preview: only the memory's sentences within it make cards. */
    selection: z.string().min(1).max(50_000).optional(),
  })
  .refine((v) => (v.memory_id ? 1 : 0) + (v.collection_id ? 1 : 0) === 1, {
    message: "Give either memory_id or collection_id.",
  })
  .refine((v) => !v.selection || v.memory_id, { message: "A selection is made in one memory." });
export type MakeReviewCardsInput = z.input<typeof zMakeReviewCardsInput>;

/** Why no new card was made. */
export const zNoCardsReason = z.enum(["already_made", "no_sentences", "not_indexed", "empty_collection"]);
export type NoCardsReason = z.infer<typeof zNoCardsReason>;

export const zMakeReviewCardsResponse = z.object({
  /** Cards made by this call. */
  made: z.number().int(),
  /** Cards the memories already had (making again adds none). */
  existing: z.number().int(),
  cards: z.array(zReviewCard),
  /** Set when `made` is 0. */
  reason: zNoCardsReason.nullable(),
});
export type MakeReviewCardsResponse = z.infer<typeof zMakeReviewCardsResponse>;

export const zReviewDueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const zReviewDue = z.object({
  /** Cards due now (not suspended). */
  due_count: z.number().int(),
  /** The next due cards, most overdue first. */
  cards: z.array(zReviewCard),
  /** All of the user's cards (suspended included). */
  total: z.number().int(),
  /** When the next card not yet due falls due (null: none). */
  next_due_at: z.string().nullable(),
});
export type ReviewDue = z.infer<typeof zReviewDue>;

export const zReviewCardsQuery = z.object({
  memory_id: z.string().min(1).max(200).optional(),
  collection_id: z.string().min(1).max(200).optional(),
});

export const zReviewCardList = z.object({ cards: z.array(zReviewCard) });
export type ReviewCardList = z.infer<typeof zReviewCardList>;

export const zGradeReviewInput = z.object({
  card_id: z.string().min(1).max(200),
  grade: zReviewGrade,
});

export const zGradeReviewResponse = z.object({
  card: zReviewCard,
  /** Cards due now after this grade. */
  due_count: z.number().int(),
});
export type GradeReviewResponse = z.infer<typeof zGradeReviewResponse>;

export const zUpdateReviewCardInput = z
  .object({
    front: z.string().trim().min(1).max(2000).optional(),
    back: z.string().trim().min(1).max(2000).optional(),
    suspended: z.boolean().optional(),
  })
  .refine((v) => v.front !== undefined || v.back !== undefined || v.suspended !== undefined, {
    message: "Nothing to change.",
  });
export type UpdateReviewCardInput = z.input<typeof zUpdateReviewCardInput>;

/** The texts of review cards (composed: the spec does not word them). */
export const reviewMessages = {
  made: (n: number) => (n === 1 ? "Made 1 review card." : `Made ${n} review cards.`),
  noneMade: {
    already_made: "No new cards: the cards of these sentences are already made.",
    no_sentences: "No cards could be made: no sentence here states a date, a number, a name or a definition.",
    not_indexed: "No cards could be made yet: this memory is still being read. Try again in a moment.",
    empty_collection: "No cards could be made: this collection has no memories.",
  } satisfies Record<NoCardsReason, string>,
  nothingDue: "Nothing due",
  howToMake: "Make review cards from a memory or a collection: open its menu and choose Make review cards.",
} as const;
