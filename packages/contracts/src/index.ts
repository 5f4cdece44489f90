export * from "./errors.ts";
export * from "./auth.ts";
export * from "./users.ts";
export * from "./health.ts";
export * from "./chat.ts";
export * from "./stream.ts";
export * from "./llm.ts";
