/** The brief feature's public face: its background job (app/jobs.ts) and its answers to whole-collection questions in chat (app/http.ts). */
export { runBriefJob, wholeCollectionPort } from "./service.ts";
