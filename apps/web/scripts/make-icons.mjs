// Renders the app icons of the Web App Manifest from the logo (run: node apps/web/scripts/make-icons.mjs).
// Uses the system Chromium through Playwright (CHROMIUM_PATH, else /usr/bin/chromium).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const out = path.join(import.meta.dirname, "..", "public", "icons");
const mark = (size, pad) => {
  const inner = size - pad * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" ${pad ? "" : `rx="${size / 4}"`} fill="#4f46e5"/>
  <g transform="translate(${pad} ${pad}) scale(${inner / 32})">
    <path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
  </g></svg>`;
};
const icons = [
  { file: "icon-192.png", size: 192, pad: 0 },
  { file: "icon-512.png", size: 512, pad: 0 },
  // Maskable: the mark inside the safe zone (the inner 80 %), the colour to the edges.
  { file: "icon-maskable-512.png", size: 512, pad: 80 },
  { file: "apple-touch-icon.png", size: 180, pad: 0 },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const { file, size, pad } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>body{margin:0}</style>${mark(size, pad)}`);
  fs.writeFileSync(path.join(out, file), await page.screenshot({ omitBackground: true }));
}
await browser.close();
