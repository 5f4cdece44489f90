import { reviewMessages, type MakeReviewCardsResponse, type ReviewGrade } from "@mnemo/contracts";

/** The four grades in key order (1–4), with their button labels. */
export const grades: { grade: ReviewGrade; key: string; label: string }[] = [
  { grade: "again", key: "1", label: "Again" },
  { grade: "hard", key: "2", label: "Hard" },
  { grade: "good", key: "3", label: "Good" },
  { grade: "easy", key: "4", label: "Easy" },
];

export type KeyAction = { kind: "reveal" } | { kind: "grade"; grade: ReviewGrade } | null;

/**
 * What a key press does on the review screen: Space reveals the answer, 1–4 grade it once shown.
 * Keys typed into a field, or with a modifier, do nothing here.
 */
export function keyAction(
  e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  revealed: boolean,
  inField: boolean,
): KeyAction {
  if (inField || e.ctrlKey || e.metaKey || e.altKey) return null;
  if ((e.key === " " || e.key === "Spacebar") && !revealed) return { kind: "reveal" };
  if (!revealed) return null;
  const g = grades.find((x) => x.key === e.key);
  return g ? { kind: "grade", grade: g.grade } : null;
}

/** "3 cards due", "1 card due", "Nothing due". */
export function dueText(n: number): string {
  if (n === 0) return reviewMessages.nothingDue;
  return n === 1 ? "1 card due" : `${n} cards due`;
}

/** What making cards did, in a sentence: how many were made, or why none. */
export function madeText(r: MakeReviewCardsResponse): string {
  if (r.made > 0)
    return r.existing > 0
      ? `${reviewMessages.made(r.made)} ${r.existing} ${r.existing === 1 ? "was" : "were"} already made.`
      : reviewMessages.made(r.made);
  return reviewMessages.noneMade[r.reason ?? "no_sentences"];
}

/** When the next card falls due, in words ("in 10 minutes", "tomorrow", "in 3 days"). */
export function nextDueText(iso: string | null, now: number): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso) - now;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `The next card is due in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `The next card is due in ${hours} ${hours === 1 ? "hour" : "hours"}.`;
  const days = Math.round(hours / 24);
  return days === 1 ? "The next card is due tomorrow." : `The next card is due in ${days} days.`;
}
