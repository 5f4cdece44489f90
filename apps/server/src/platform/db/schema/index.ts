export * from "./auth.ts";
export * from "./users.ts";
export * from "./memories.ts";
export * from "./collections.ts";
export * from "./chat.ts";
export * from "./search.ts";
export * from "./embeddings.ts";
export * from "./security.ts";
export * from "./apps.ts";
export * from "./access-tokens.ts";
export * from "./transfer.ts";

export * from "./notices.ts";
export * from "./orgs.ts";
export * from "./review.ts";
export * from "./brief.ts";
