export * from "./errors.ts";
export * from "./auth.ts";
export * from "./users.ts";
export * from "./health.ts";
/** Business constants, grouped; also importable by name from "@mnemo/contracts/constants". */
export * as constants from "./constants.ts";
export type { PlanId } from "./constants.ts";
export * from "./messages.ts";
export * from "./chat.ts";
export * from "./stream.ts";
export * from "./llm.ts";
export * from "./uploads.ts";
export * from "./sources.ts";
export * from "./plans.ts";
export * from "./collections.ts";
export * from "./json-depth.ts";
export * from "./apps.ts";
export * from "./access-tokens.ts";
export * from "./passage.ts";
export * from "./transcribe.ts";
export * from "./transfer.ts";

export * from "./notices.ts";
export * from "./orgs.ts";
export * from "./review.ts";
export * from "./brief.ts";
export * from "./common.ts";
export * from "./screenshots.ts";
/** The endpoint table and the typed client made from it. */
export * from "./endpoints/index.ts";
