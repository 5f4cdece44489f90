export type { SearchHit, SearchIndex, SearchScope } from "./types.ts";
export { chunkMarkdown, type Chunk } from "./chunker.ts";
export { indexSourceContent } from "./indexer.ts";
export { createSearchIndex } from "./engine.ts";
export { prepareSearch } from "./setup.ts";
