import { zSuccess } from "../common.ts";
import {
  zGradeReviewInput,
  zGradeReviewResponse,
  zMakeReviewCardsInput,
  zMakeReviewCardsResponse,
  zReviewCard,
  zReviewCardList,
  zReviewCardsQuery,
  zReviewDue,
  zReviewDueQuery,
  zUpdateReviewCardInput,
} from "../review.ts";
import { endpoint } from "./endpoint.ts";

const tag = "review";

/** Review cards (issue 45): made from memories, reviewed per user under FSRS, exported for Anki. */
export const review = {
  make: endpoint({
    method: "post",
    path: "/review/cards/make",
    summary:
      "Make review cards from a memory (or a selection in it) or a collection, offline from its sentences; making again adds none",
    tag,
    body: zMakeReviewCardsInput,
    response: zMakeReviewCardsResponse,
  }),
  due: endpoint({
    method: "get",
    path: "/review/due",
    summary: "How many of the user's cards are due, and the next due cards",
    tag,
    query: zReviewDueQuery,
    response: zReviewDue,
  }),
  list: endpoint({
    method: "get",
    path: "/review/cards",
    summary: "The user's review cards, of one memory or collection when given",
    tag,
    query: zReviewCardsQuery,
    response: zReviewCardList,
  }),
  grade: endpoint({
    method: "post",
    path: "/review/grade",
    summary: "Grade a review (again, hard, good, easy): the card's next due date under FSRS",
    tag,
    body: zGradeReviewInput,
    response: zGradeReviewResponse,
  }),
  update: endpoint({
    method: "patch",
    path: "/review/cards/:id",
    summary: "Edit a card's question or answer, or suspend it",
    tag,
    body: zUpdateReviewCardInput,
    response: zReviewCard,
  }),
  remove: endpoint({
    method: "delete",
    path: "/review/cards/:id",
    summary: "Delete a review card",
    tag,
    response: zSuccess,
  }),
  exportCsv: endpoint({
    method: "get",
    path: "/review/export.csv",
    summary: "The user's cards as a CSV deck Anki imports: front, back, source link, tags",
    tag,
    contentType: "text/csv",
    responseDescription: "CSV with a header: Front, Back, Source, Tags",
  }),
};
