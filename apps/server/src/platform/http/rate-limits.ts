import type { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import {
  limitPerIp,
  limitPerSession,
  signInLockoutGuard,
  type RateLimitDeps,
} from "./middleware/rate-limit.ts";
import { windowRules } from "../rate-limits/rules.ts";

/**
 * Puts the rate limits in front of the abuse-prone routes, in one place (the routes stay thin):
 * auth by address and account, public chats and invitation previews by address, link saving, uploads and screenshots
 * by session, the MCP server by access token. Counters live in the database, so they hold across API processes.
 */
export function mountRateLimits(app: Hono<AppEnv>, ctx: RateLimitDeps): void {
  app.post("/api/auth/sign-in", limitPerIp(ctx, windowRules.signInPerIp), signInLockoutGuard(ctx));
  app.post("/api/auth/sign-up", limitPerIp(ctx, windowRules.signUpPerIp));
  app.post("/api/public_chat/chat", limitPerIp(ctx, windowRules.publicChatPerIp));
  app.post("/api/collection/invitation/preview", limitPerIp(ctx, windowRules.invitationPreviewPerIp));
  for (const path of ["/api/upload/web_pages", "/api/upload/fetch_page_metadata"])
    app.post(path, limitPerSession(ctx, windowRules.linksPerSession));
  for (const path of ["/api/upload/get_presigned_url", "/api/upload/confirm_upload", "/api/transcribe"])
    app.post(path, limitPerSession(ctx, windowRules.uploadsPerSession));
  app.post("/api/screenshot", limitPerSession(ctx, windowRules.screenshotsPerSession));
  // Mnemo as an MCP server: every request of one access token (its tools meter their work too).
  app.on(["POST", "GET", "DELETE"], "/api/mcp", limitPerSession(ctx, windowRules.mcpPerToken));
}
