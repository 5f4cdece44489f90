/**
 * Chromium flags for a headless browser on a closed network (LAB-NOTES): no sandbox (containers),
 * no GPU, no QUIC, and none of the browser's own background traffic. The screenshot service adds
 * its network lock-down to these; the e2e suite (playwright.config.ts) launches with them as is.
 */
export const headlessChromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
