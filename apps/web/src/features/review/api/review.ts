import {
  endpoints,
  type MakeReviewCardsInput,
  type ReviewGrade,
  type UpdateReviewCardInput,
} from "@mnemo/contracts";
import { api } from "@/lib/api";
import { apiErrorFromBody } from "@/lib/api-error";
import { authToken } from "@/lib/auth-token";

const review = endpoints.review;

/** POST /api/review/cards/make: cards from a memory (or a selection in it) or a collection. */
export function makeReviewCards(input: MakeReviewCardsInput) {
  return api.request(review.make, { body: input });
}

/** GET /api/review/due: the due count and the next due cards. */
export function getDue(signal?: AbortSignal) {
  return api.request(review.due, { query: { limit: 20 }, signal });
}

/** GET /api/review/cards: every card of the user (suspended ones too). */
export async function listCards(signal?: AbortSignal) {
  return (await api.request(review.list, { signal })).cards;
}

/** POST /api/review/grade: the card's next due date. */
export function gradeCard(cardId: string, grade: ReviewGrade) {
  return api.request(review.grade, { body: { card_id: cardId, grade } });
}

/** PATCH /api/review/cards/{id}: edit the question or answer, or suspend. */
export function updateCard(id: string, body: UpdateReviewCardInput) {
  return api.request(review.update, { params: { id }, body });
}

/** DELETE /api/review/cards/{id}. */
export function deleteCard(id: string) {
  return api.request(review.remove, { params: { id } });
}

/** GET /api/review/export.csv: the Anki deck, handed to the browser as a file. */
export async function downloadAnkiCsv(): Promise<void> {
  const res = await api.send(
    review.exportCsv,
    {},
    { headers: { authorization: `Bearer ${authToken.get() ?? ""}` } },
  );
  if (!res.ok) throw apiErrorFromBody(res.status, await res.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "mnemo-review-cards.csv";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
