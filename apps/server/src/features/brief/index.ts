/** The brief feature's public face: its background job (app/jobs.ts wires it). */
export { runBriefJob } from "./service.ts";
