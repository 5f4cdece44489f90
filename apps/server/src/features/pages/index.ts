/** The pages feature's public face for other features: a page made from Markdown. */
export { markdownToBlocks } from "./blocknote.ts";
export { createPage } from "./service.ts";
