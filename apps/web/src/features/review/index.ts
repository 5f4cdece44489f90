/** Public pieces of the review-cards feature (issue 45). */
export { ReviewPage } from "./components/review-page";
export {
  MakeReviewCardsButton,
  MakeReviewCardsFromPreview,
  ReviewDueBadge,
} from "./components/make-review-cards";
export { useMakeReviewCards } from "./hooks/use-review";
