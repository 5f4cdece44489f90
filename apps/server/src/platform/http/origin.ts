import type { Context } from "hono";
import type { Config } from "../config.ts";

/** A forwarded header's first value (a proxy chain appends), if it is a plain token. */
function firstForwarded(value: string | undefined, pattern: RegExp): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first && pattern.test(first) ? first : undefined;
}

/**
 * Where the user reached Mnemo, for the links the server hands out (invitations, MCP results):
 * PUBLIC_URL when set; else the request's own origin (its Host), so a server reached at
 * http://192.168.1.20:3000 does not send http://localhost:3000 links. X-Forwarded-Proto and
 * X-Forwarded-Host are read only with TRUST_PROXY (a proxy that overwrites them): otherwise any
 * client could choose the address written into the invitation mail.
 */
export function publicOrigin(
  config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY">,
  c: Pick<Context, "req">,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, "");
  const own = new URL(c.req.url);
  if (config.TRUST_PROXY) {
    const proto = firstForwarded(c.req.header("x-forwarded-proto"), /^https?$/i)?.toLowerCase();
    const host = firstForwarded(
      c.req.header("x-forwarded-host"),
      /^[\w.-]+(:\d{1,5})?$|^\[[\d:a-f.]+\](:\d{1,5})?$/i,
    );
    if (proto || host) return `${proto ?? own.protocol.slice(0, -1)}://${host ?? own.host}`;
  }
  return own.origin;
}

/**
 * What start-up prints: where to open Mnemo and, without PUBLIC_URL, a warning that links fall
 * back to the request's address (and mail sent outside a request, e.g. verification, to localhost).
 */
export function startupAddress(
  config: Pick<Config, "PUBLIC_URL" | "HOST">,
  port: number,
): { url: string; warning?: string } {
  if (config.PUBLIC_URL) return { url: config.PUBLIC_URL.replace(/\/+$/, "") };
  const everywhere = config.HOST === "0.0.0.0" || config.HOST === "::";
  const host = everywhere ? "localhost" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  const url = `http://${host}:${port}`;
  return {
    url,
    warning:
      `PUBLIC_URL is not set: invitation and MCP links use the address each request reached` +
      (everywhere ? " (this server listens on all its addresses)" : "") +
      `, and links in mail sent outside a request use ${url}. ` +
      "Set PUBLIC_URL to the address people open Mnemo at.",
  };
}
