import fs from "node:fs";
import type { Browser } from "playwright-core";
import { resolveSafeTarget, safeFetch, type SafeFetchOptions } from "../../platform/links/safe-fetch.ts";
import { headlessChromiumFlags } from "./chromium-flags.ts";

/** Chromium flags for a headless browser on a closed network (LAB-NOTES). */
export const chromiumArgs = [
  ...headlessChromiumFlags,
  "--disable-dev-shm-usage",
  // Chromium must never open a connection itself (preconnects, DNS prefetch): everything it would
  // send directly goes to a closed local port, loopback included. Real requests are intercepted and
  // fulfilled by the SSRF-safe fetcher before they reach the network stack.
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--dns-prefetch-disable",
  // WebRTC never sends UDP around the proxy (STUN/TURN to local addresses, issue 12 item 4);
  // page script is off anyway, this holds if a page ever gets it back.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--enforce-webrtc-ip-permission-check",
];

/**
 * Whether the browser may be sent to `url` at all: https only (no data:, chrome:, file:, http:,
 * javascript:…), and its host must pass the link fetcher's address rules (DNS resolved, every
 * answer checked). Throws the fetcher's FetchError otherwise.
 */
export async function checkScreenshotUrl(url: string, fetch: SafeFetchOptions): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError("not a URL");
  }
  await resolveSafeTarget(parsed, { ...fetch });
}

export type ScreenshotAvailability = { available: true; path: string } | { available: false; reason: string };

/** Whether full-page screenshots can be taken here: the system Chromium must be present. */
export function screenshotAvailability(chromiumPath = "/usr/bin/chromium"): ScreenshotAvailability {
  if (fs.existsSync(chromiumPath)) return { available: true, path: chromiumPath };
  return {
    available: false,
    reason: `Screenshots are off: no Chromium browser at ${chromiumPath} (install Debian's chromium or set CHROMIUM_PATH).`,
  };
}

let shared: Promise<Browser> | undefined;

async function browser(path: string): Promise<Browser> {
  shared ??= import("playwright-core").then(({ chromium }) =>
    chromium.launch({ executablePath: path, args: chromiumArgs, headless: true }),
  );
  const b = await shared;
  if (!b.isConnected()) {
    shared = undefined;
    return browser(path);
  }
  return b;
}

export async function closeBrowser() {
  const b = shared;
  shared = undefined;
  if (b) await (await b).close().catch(() => {});
}

const dropHeaders = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "set-cookie",
  "strict-transport-security",
]);

/**
 * A full-page PNG of `url`. Chromium never touches the network itself: every request it makes is
 * fetched by the SSRF-safe fetcher (https only, private addresses refused, pinned DNS, size and
 * time limits) and fulfilled from that answer; websockets and non-GET requests are refused.
 * Page script is off (a screenshot does not need it; no script, no WebRTC or fetch from the page).
 */
export async function takeScreenshot(
  url: string,
  opts: {
    chromiumPath: string;
    fetch: SafeFetchOptions;
    width?: number;
    timeoutMs?: number;
    maxHeight?: number;
  },
): Promise<Buffer> {
  await checkScreenshotUrl(url, opts.fetch);
  const b = await browser(opts.chromiumPath);
  const context = await b.newContext({
    viewport: { width: opts.width ?? 1280, height: 800 },
    javaScriptEnabled: false,
    serviceWorkers: "block",
  });
  try {
    await context.route("**/*", async (route) => {
      const req = route.request();
      const u = req.url();
      // Inline images and fonts only: a data: document (a frame) is refused like any non-https one.
      if (u.startsWith("data:") && !req.isNavigationRequest()) return route.continue();
      if (req.method() !== "GET" || !u.startsWith("https:")) return route.abort("accessdenied");
      try {
        const res = await safeFetch(u, {
          ...opts.fetch,
          maxBytes: 8 * 1024 * 1024,
          timeoutMs: 10_000,
          accept: req.headers()["accept"],
        });
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined && !dropHeaders.has(k)) headers[k] = Array.isArray(v) ? v.join(", ") : v;
        await route.fulfill({ status: res.status, headers, body: res.body });
      } catch {
        await route.abort("blockedbyclient");
      }
    });
    await context.routeWebSocket(/.*/, (ws) => ws.close());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: opts.timeoutMs ?? 20_000 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const clipHeight = Math.min(Math.max(height, 800), opts.maxHeight ?? 6000);
    return await page.screenshot({
      type: "png",
      fullPage: true,
      clip: { x: 0, y: 0, width: opts.width ?? 1280, height: clipHeight },
    });
  } finally {
    await context.close().catch(() => {});
  }
}
