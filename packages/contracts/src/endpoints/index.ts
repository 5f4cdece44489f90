import { accessTokens } from "./access-tokens.ts";
import { apps } from "./apps.ts";
import { auth } from "./auth.ts";
import { blobs } from "./blobs.ts";
import { brief } from "./brief.ts";
import { canvas } from "./canvas.ts";
import { chat } from "./chat.ts";
import { collections } from "./collections.ts";
import { events } from "./events.ts";
import { mcp, mcpServers } from "./mcp.ts";
import { mindmap } from "./mindmap.ts";
import { notices } from "./notices.ts";
import { label, orgs, sso } from "./orgs.ts";
import { pages } from "./pages.ts";
import { plans } from "./plans.ts";
import { review } from "./review.ts";
import { screenshots } from "./screenshots.ts";
import { sources } from "./sources.ts";
import { system } from "./system.ts";
import { transcribe } from "./transcribe.ts";
import { transfer } from "./transfer.ts";
import { uploads } from "./uploads.ts";
import { users } from "./users.ts";

/**
 * Every API endpoint, once, by domain (`endpoints.plans.getUserPlan`): the server's `defineRoute`
 * registers and documents each from its entry, and the clients call them through
 * `createApiClient` (docs/decisions.md, "One endpoint table").
 */
export const endpoints = {
  system,
  auth,
  users,
  plans,
  chat,
  uploads,
  pages,
  canvas,
  mindmap,
  review,
  brief,
  blobs,
  sources,
  collections,
  apps,
  accessTokens,
  mcp,
  mcpServers,
  transcribe,
  transfer,
  screenshots,
  events,
  notices,
  orgs,
  label,
  sso,
};
export type Endpoints = typeof endpoints;

export * from "./endpoint.ts";
export * from "./client.ts";
