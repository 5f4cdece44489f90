import fs from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { htmlSecurityHeaders } from "./security-headers.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".md": "text/markdown; charset=utf-8",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/**
 * Marks the app's own index.html, the only page the service worker (public/sw.js) keeps as the
 * offline shell: no other HTML (a bundled sample page, a file) may answer for every route.
 */
export const SHELL_HEADER = "x-mnemo-shell";

/**
 * One `bytes=` range of a file of `size` bytes (Safari plays a video only from a server that
 * answers ranges). Answers the inclusive span, "unsatisfiable", or null to send the whole file.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): [number, number] | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return [start, end];
}

/**
 * Serves the built web app: files under `webDist`, and `index.html` for every client route
 * (anything that is not /api and not a file). Without a build, explains how to make one.
 */
export function serveWebApp(app: Hono<AppEnv>, webDist: string) {
  const root = path.resolve(webDist);
  // The manifest's share_target posts here; the service worker normally answers it (keeping any
  // files). Before it is installed, the text fields travel on to the `/?shared` landing.
  app.post("/share-target", async (c) => {
    const q = new URLSearchParams({ shared: "" });
    try {
      const form = await c.req.formData();
      for (const k of ["title", "text", "url"]) {
        const v = form.get(k);
        if (typeof v === "string" && v) q.set(k, v.slice(0, 4000));
      }
    } catch {
      // Not a form: land without content.
    }
    return c.redirect(`/?${q.toString()}`, 303);
  });
  app.get("*", async (c) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") return c.notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path).replace(/^\/+/, "");
    } catch {
      return c.text("Bad request", 400); // a malformed %-escape
    }
    const file = path.resolve(root, rel);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const ext = path.extname(file);
      const immutable = rel.startsWith("assets/");
      // Read into memory: a Node stream handed to Response crashes the process (undici
      // "ReadableStream is already closed") when the browser aborts the download.
      const body = await fs.promises.readFile(file);
      const headers: Record<string, string> = {
        "content-type": types[ext] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        "x-content-type-options": "nosniff",
        "accept-ranges": "bytes",
        ...(ext === ".html" ? htmlSecurityHeaders(body.toString("utf8")) : {}),
        // The app's own page (the same for everyone): the service worker keeps it as the shell.
        ...(rel === "index.html" ? { [SHELL_HEADER]: "1" } : {}),
      };
      const range = byteRange(c.req.header("range"), body.length);
      if (range === "unsatisfiable")
        return new Response(null, {
          status: 416,
          headers: { ...headers, "content-range": `bytes */${body.length}` },
        });
      if (range)
        return new Response(body.subarray(range[0], range[1] + 1), {
          status: 206,
          headers: { ...headers, "content-range": `bytes ${range[0]}-${range[1]}/${body.length}` },
        });
      return new Response(body, { headers });
    }
    if (path.extname(rel) && !rel.endsWith(".html")) return c.text("Not found", 404);
    const index = path.join(root, "index.html");
    if (!fs.existsSync(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    const html = fs.readFileSync(index, "utf8");
    return c.html(html, 200, {
      "cache-control": "no-cache",
      [SHELL_HEADER]: "1",
      ...htmlSecurityHeaders(html),
    });
  });
}
