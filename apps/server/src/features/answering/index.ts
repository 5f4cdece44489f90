/**
 * The answering feature's public face for other features (docs/decisions.md, "Server tiers"):
 * the answer engine and model registry types, the extractive engine's sentence tools that
 * summarise a transcript (and make review cards), and a cited passage's anchor (and the query of its rows). Everything else in answering/ is its own.
 */
export type { AnswerEngine } from "./engines/engine.ts";
export type { ModelRegistry } from "./providers/registry.ts";
export type { WebSearchProvider } from "./providers/web-search.ts";
export { scoreSentences } from "./engines/extractive/select.ts";
export {
  contentTerms,
  proseBlocks,
  proseSentence,
  splitSentences,
  words,
} from "./engines/extractive/text.ts";
export { modelsFromConfig } from "./providers/registry.ts";
export { passageAnchor, type AnchorChunk } from "./chat/anchors.ts";
export { chunkAnchors } from "./chat/repo.ts";
export { wholeIntent, type WholeAnswer, type WholeCollection, type WholeIntent } from "./chat/whole.ts";
