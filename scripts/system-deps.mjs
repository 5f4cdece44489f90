// Makes sure the system programs the tests need are present: Debian's chromium (Playwright drives
// the system browser; nothing is downloaded; screenshots use it too), openssl (the local https
// fixture site makes its throw-away CA with it), rclone (`rclone serve webdav`, the real WebDAV
// server of the WebDAV connector's tests), dovecot (`dovecot-imapd`, the real IMAP server of the
// Mail connector's tests), ffmpeg (cuts recordings for transcription; the server needs it too) and
// espeak-ng (speaks the e2e recorder test's sentence into a WAV) and pdftotext (`poppler-utils`:
// the extract benchmark's reference for PDF text extraction). Installs them with apt-get when
// missing and running as root; otherwise explains what to install.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const needed = [];
if (!fs.existsSync(chromium)) needed.push("chromium");
try {
  execSync("command -v openssl", { stdio: "ignore" });
} catch {
  needed.push("openssl");
}
for (const program of ["rclone", "ffmpeg", "espeak-ng"]) {
  try {
    execSync(`command -v ${program}`, { stdio: "ignore" });
  } catch {
    needed.push(program);
  }
}
if (!fs.existsSync("/usr/sbin/dovecot")) needed.push("dovecot-imapd");
try {
  execSync("command -v pdftotext", { stdio: "ignore" });
} catch {
  needed.push("poppler-utils");
}
if (needed.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || process.env.CHROMIUM_PATH) {
  console.error(
    `Missing system packages for the tests: ${needed.join(", ")}. Install them (Debian: sudo apt-get install -y ${needed.join(" ")}) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log(`Installing ${needed.join(", ")} with apt-get …`);
execSync("apt-get update -qq", { stdio: "inherit" });
execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${needed.join(" ")}`, { stdio: "inherit" });
