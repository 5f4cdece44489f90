/**
 * Rate-limit rules (pure): how many hits a key may make per window, and how long an account is
 * locked out after consecutive failures. The numbers are generous for people, tight for scripts.
 */
export type WindowRule = { name: string; windowSec: number; max: number };

export const windowRules = {
  /** Sign-in attempts from one address (any accounts). */
  signInPerIp: { name: "sign-in:ip", windowSec: 10 * 60, max: 30 },
  /** Accounts created from one address: also what makes probing for registered emails slow. */
  signUpPerIp: { name: "sign-up:ip", windowSec: 60 * 60, max: 10 },
  /** Follow-up questions to public chats from one address (no account needed). */
  publicChatPerIp: { name: "public-chat:ip", windowSec: 60, max: 20 },
  /**
   * Follow-up questions to one public chat (its link), from any addresses: a link passed around
   * cannot become an unmetered answering service over its owner's memories.
   */
  publicChatPerLink: { name: "public-chat:link", windowSec: 60 * 60, max: 60 },
  /**
   * Invitation links looked up from one address before sign-in (each a guess at a 256-bit token
   * for a script; a person opens a handful).
   */
  invitationPreviewPerIp: { name: "invitation-preview:ip", windowSec: 60, max: 20 },
  /** Links saved or looked up by one signed-in session. */
  linksPerSession: { name: "links:session", windowSec: 60, max: 60 },
  /**
   * Upload calls (presign, confirm) of one signed-in session: a folder of 100 files is 200 calls
   * within a minute; the plan's daily upload cap meters the files themselves.
   */
  uploadsPerSession: { name: "uploads:session", windowSec: 60, max: 600 },
  /** Screenshots taken by one signed-in session (each starts a browser). */
  screenshotsPerSession: { name: "screenshots:session", windowSec: 60, max: 10 },
  /**
   * Requests to /api/mcp with one access token (each tool call is one; a client's session start a
   * few). The tools' own work is also metered: a link saved counts in `linksPerSession` under the
   * same token, as on /api/upload/web_pages, and questions and searches have the rules below.
   */
  mcpPerToken: { name: "mcp:token", windowSec: 60, max: 120 },
  /** Questions asked through the MCP `ask` tool with one token (each runs the answering engine). */
  mcpAskPerToken: { name: "mcp-ask:token", windowSec: 60, max: 20 },
  /** Searches through the MCP `search_memories` tool with one token. */
  mcpSearchPerToken: { name: "mcp-search:token", windowSec: 60, max: 60 },
} as const satisfies Record<string, WindowRule>;

/**
 * Sign-in throttle after wrong passwords (issue 46: growing delays, never a hard lock anyone can
 * impose): free tries, then doubling waits up to a cap. Failures are counted per address and
 * client (`clientName`: that client waits) and per address from all clients (`name`: clients the
 * owner has not signed in from wait too, so guessing from many clients is slow). A client the
 * owner signed in from before (`knownName`, remembered `knownDays`) waits only for its own
 * failures, so a stranger's wrong passwords never keep the owner out. A success clears both.
 */
export const signInLockout = {
  name: "sign-in:account",
  clientName: "sign-in:client",
  knownName: "sign-in:known",
  knownDays: 180,
  freeFailures: 5,
  baseSec: 30,
  maxSec: 60 * 60,
} as const;

/**
 * Seconds an account stays locked after its `failures`-th consecutive failure: none for the
 * first `freeFailures`, then baseSec, 2×, 4× … up to maxSec.
 */
export function lockoutSeconds(failures: number, rule: typeof signInLockout = signInLockout): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxSec, rule.baseSec * 2 ** (failures - rule.freeFailures));
}

/** The answer to a refused request. */
export function tooManyMessage(retryAfterSec: number): string {
  const wait = retryAfterSec >= 120 ? `${Math.ceil(retryAfterSec / 60)} minutes` : `${retryAfterSec} seconds`;
  return `Too many attempts. Please try again in ${wait}.`;
}
