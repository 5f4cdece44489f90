/** The review feature's public face for other features: its cards in the export zip and back. */
export { importReviewCards, reviewCardsForExport, type ExportedReviewCard } from "./transfer.ts";
