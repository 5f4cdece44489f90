/**
 * A card's review schedule under FSRS (the maintained `ts-fsrs` package), pure: one schedule per
 * card and user (a shared collection's cards are reviewed per user), stored as plain fields so it
 * goes into the database and the export zip as it is, and comes back from an import unchanged.
 */
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from "ts-fsrs";

export type ReviewGrade = "again" | "hard" | "good" | "easy";

/** What is stored of a card's schedule (dates as ISO strings). */
export type Schedule = {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: string | null;
};

export type ReviewLogEntry = { grade: ReviewGrade; reviewedAt: string; due: string; state: number };

const GRADES: Record<ReviewGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The scheduler; fuzz off, so the same grades at the same times give the same schedule. */
const scheduler = fsrs({ enable_fuzz: false });

const toSchedule = (card: Card): Schedule => ({
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ? card.last_review.toISOString() : null,
});

const toCard = (s: Schedule, now: Date): Card => ({
  due: new Date(s.due),
  stability: s.stability,
  difficulty: s.difficulty,
  elapsed_days: s.lastReview
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(s.lastReview)) / 86_400_000))
    : 0,
  scheduled_days: s.scheduledDays,
  learning_steps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  last_review: s.lastReview ? new Date(s.lastReview) : undefined,
});

/** A new card's schedule: due at once. */
export function newSchedule(now: Date): Schedule {
  return toSchedule(createEmptyCard(now));
}

/** The schedule after grading the card at `now`, and the log entry of that review. */
export function grade(
  schedule: Schedule,
  g: ReviewGrade,
  now: Date,
): { schedule: Schedule; log: ReviewLogEntry } {
  const next = scheduler.next(toCard(schedule, now), now, GRADES[g]);
  const s = toSchedule(next.card);
  return { schedule: s, log: { grade: g, reviewedAt: now.toISOString(), due: s.due, state: s.state } };
}

/** Whether the card is due at `now`. */
export const isDue = (s: Schedule, now: Date) => Date.parse(s.due) <= now.getTime();
