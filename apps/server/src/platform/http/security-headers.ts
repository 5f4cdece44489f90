import crypto from "node:crypto";

/**
 * The Content-Security-Policy of the web app's HTML. Scripts only from this origin (plus the
 * inline theme script, by its hash); frames of saved pages and videos over https; never framed
 * itself. Styles allow inline (the editor injects <style>); connect allows https for S3 uploads.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "frame-src 'self' blob: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** sha256 sources of every inline <script> of an HTML document, for its CSP. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body.trim()) hashes.push(`sha256-${crypto.createHash("sha256").update(body).digest("base64")}`);
  }
  return hashes;
}

/** Headers of every HTML page Mnemo serves. */
export function htmlSecurityHeaders(html: string): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(inlineScriptHashes(html)),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
  };
}
