// Renders the iOS setup screen's short video (apps/web/public/onboarding/ios-setup.{mp4,webm}:
// H.264 for Safari, VP8 for browsers built without H.264, such as the test Chromium): three
// scenes drawn here (Safari's Share button, Add to Home Screen, Mnemo on the home screen), no
// screenshots or downloaded footage. The file is committed; this script only remakes it. Run:
//   node apps/web/scripts/make-ios-setup-video.mjs
// Needs @napi-rs/canvas (a server dependency), ffmpeg with libx264 and libvpx, and DejaVu Sans.
import { spawn } from "node:child_process";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

const out = path.join(import.meta.dirname, "..", "public", "onboarding", "ios-setup");
GlobalFonts.registerFromPath("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Setup Sans");
GlobalFonts.registerFromPath("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "Setup Sans Bold");

const W = 360;
const H = 640;
const FPS = 10;
const SCENE_S = 3;
const indigo = "#4f46e5";

/** A rounded rectangle filled with `color`; its path stays current, to stroke. */
function fillRound(ctx, color, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = color;
  ctx.fill();
}

function caption(ctx, step, text) {
  ctx.fillStyle = "#111827";
  ctx.font = "20px 'Setup Sans Bold'";
  ctx.fillText(`Step ${step} of 3`, 28, 560);
  ctx.font = "17px 'Setup Sans'";
  ctx.fillText(text, 28, 592);
}

function phone(ctx) {
  ctx.fillStyle = "#f3f4f6";
  ctx.fillRect(0, 0, W, H);
  fillRound(ctx, "#ffffff", 40, 40, 280, 470, 28);
  ctx.strokeStyle = "#d1d5db";
  ctx.lineWidth = 3;
  ctx.stroke();
}

function pulse(ctx, x, y, t) {
  const r = 26 + 8 * Math.sin(t * Math.PI * 2);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.strokeStyle = indigo;
  ctx.lineWidth = 4;
  ctx.stroke();
}

function mark(ctx, x, y, size) {
  fillRound(ctx, indigo, x, y, size, size, size / 4);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = size / 12;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  const s = size / 32;
  ctx.beginPath();
  ctx.moveTo(x + 8 * s, y + 22 * s);
  ctx.lineTo(x + 8 * s, y + 10 * s);
  ctx.lineTo(x + 16 * s, y + 17 * s);
  ctx.lineTo(x + 24 * s, y + 10 * s);
  ctx.lineTo(x + 24 * s, y + 22 * s);
  ctx.stroke();
}

const scenes = [
  (ctx, t) => {
    phone(ctx);
    ctx.fillStyle = "#111827";
    ctx.font = "18px 'Setup Sans Bold'";
    ctx.fillText("Mnemo", 70, 100);
    ctx.fillStyle = "#e5e7eb";
    for (let i = 0; i < 5; i++) ctx.fillRect(70, 130 + i * 36, 220 - (i % 2) * 60, 14);
    // Safari's bottom bar with the Share button.
    ctx.fillStyle = "#f9fafb";
    ctx.fillRect(43, 440, 274, 60);
    ctx.strokeStyle = indigo;
    ctx.lineWidth = 3;
    ctx.strokeRect(168, 458, 24, 26);
    ctx.beginPath();
    ctx.moveTo(180, 446);
    ctx.lineTo(180, 472);
    ctx.moveTo(172, 454);
    ctx.lineTo(180, 446);
    ctx.lineTo(188, 454);
    ctx.stroke();
    pulse(ctx, 180, 466, t);
    caption(ctx, 1, "In Safari, tap the Share button.");
  },
  (ctx, t) => {
    phone(ctx);
    fillRound(ctx, "#f9fafb", 52, 230, 256, 260, 18);
    ctx.font = "16px 'Setup Sans'";
    const rows = ["Copy", "Add to Reading List", "Add to Home Screen", "Find on Page"];
    rows.forEach((row, i) => {
      ctx.fillStyle = i === 2 ? "#eef2ff" : "#f9fafb";
      ctx.fillRect(60, 244 + i * 60, 240, 50);
      ctx.fillStyle = "#111827";
      ctx.fillText(row, 76, 275 + i * 60);
    });
    pulse(ctx, 270, 389, t);
    caption(ctx, 2, "Choose Add to Home Screen, then Add.");
  },
  (ctx, t) => {
    phone(ctx);
    fillRound(ctx, "#e0e7ff", 43, 43, 274, 464, 26);
    for (let i = 0; i < 8; i++) {
      const x = 68 + (i % 4) * 60;
      const y = 90 + Math.floor(i / 4) * 80;
      fillRound(ctx, "#c7d2fe", x, y, 44, 44, 11);
    }
    mark(ctx, 68, 250, 44);
    ctx.fillStyle = "#111827";
    ctx.font = "12px 'Setup Sans'";
    ctx.fillText("Mnemo", 71, 310);
    pulse(ctx, 90, 272, t);
    caption(ctx, 3, "Open Mnemo from your home screen.");
  },
];

const ffmpeg = spawn(
  "ffmpeg",
  [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgba",
    "-s",
    `${W}x${H}`,
    "-r",
    String(FPS),
    "-i",
    "-",
    "-c:v",
    "libx264",
    "-profile:v",
    "baseline",
    "-pix_fmt",
    "yuv420p",
    "-crf",
    "30",
    "-movflags",
    "+faststart",
    "-an",
    `${out}.mp4`,
    "-c:v",
    "libvpx",
    "-pix_fmt",
    "yuv420p",
    "-crf",
    "30",
    "-b:v",
    "200k",
    "-an",
    `${out}.webm`,
  ],
  { stdio: ["pipe", "inherit", "inherit"] },
);
const canvas = createCanvas(W, H);
const ctx = canvas.getContext("2d");
for (const scene of scenes) {
  for (let f = 0; f < SCENE_S * FPS; f++) {
    scene(ctx, f / FPS);
    const rgba = ctx.getImageData(0, 0, W, H).data;
    if (!ffmpeg.stdin.write(Buffer.from(rgba.buffer)))
      await new Promise((r) => ffmpeg.stdin.once("drain", r));
  }
}
ffmpeg.stdin.end();
await new Promise((resolve, reject) =>
  ffmpeg.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`)))),
);
console.log("wrote", out);
