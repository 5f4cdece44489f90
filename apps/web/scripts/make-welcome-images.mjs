// Draws the two welcome sample images (apps/web/public/samples/welcome/*.png): plain cards of large
// text, so the memory's OCR reads them and an answer can cite them. Run:
//   node apps/web/scripts/make-welcome-images.mjs
// Uses @napi-rs/canvas (already a server dependency) and the system's DejaVu Sans.
import fs from "node:fs";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

const out = path.join(import.meta.dirname, "..", "public", "samples", "welcome");
const font = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
];
GlobalFonts.registerFromPath(font[0], "Welcome Sans");
GlobalFonts.registerFromPath(font[1], "Welcome Sans Bold");

const cards = [
  {
    file: "welcome-save-a-memory.png",
    title: "Five ways to save a memory",
    lines: [
      "1. Add Links: web pages are saved with their text",
      "2. Upload Files: PDFs, documents, slides and images",
      "3. Record Meetings: audio becomes a transcript",
      "4. Take Notes: write a page of your own",
      "5. Integrations: bring in results from your apps",
    ],
  },
  {
    file: "welcome-ask-with-sources.png",
    title: "Ask with sources",
    lines: [
      "Ask a question in your own words.",
      "Every answer cites the memories it used.",
      "Open a citation to check the source.",
      "Ask one memory, a collection or everything.",
    ],
  },
];

const width = 1200;
for (const card of cards) {
  // 16:9, the wall's thumbnail shape, with the text centred (nothing is cropped).
  const height = 675;
  const top = Math.round((height - (200 + card.lines.length * 70)) / 2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#4f46e5";
  ctx.fillRect(0, 0, width, 16);
  ctx.fillStyle = "#111827";
  ctx.font = "56px 'Welcome Sans Bold'";
  ctx.fillText(card.title, 60, top + 120);
  ctx.font = "36px 'Welcome Sans'";
  card.lines.forEach((line, i) => ctx.fillText(line, 60, top + 210 + i * 70));
  const png = canvas.toBuffer("image/png");
  fs.writeFileSync(path.join(out, card.file), png);
  console.log(card.file, png.length, "bytes");
}
