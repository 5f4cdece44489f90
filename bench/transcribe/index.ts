/**
 * Transcription benchmark (issue 18): a 60-minute recording (WebM/Opus at the recorder's
 * 128 kbps, made by ffmpeg) sent to the real server (`mnemo serve`, embedded PGlite) as
 * `POST /api/transcribe` multipart, cut into pieces by ffmpeg and sent to a local server speaking
 * the OpenAI audio/transcriptions API. The server's RSS (the Node process alone, and with its
 * ffmpeg child) is sampled every 100 ms from /proc.
 *
 *   npm run bench -- transcribe [minutes=60] [segment=600] [concurrency=2] [--smoke]
 *
 * Ends with `minutes=… pieces=… transcribe_s=… idle_rss_mb=… peak_rss_mb=… rss_above_idle_mb=…
 * peak_tree_rss_mb=… within_300mb=…`. `--smoke`: a 2-minute recording in 60-second pieces, 1 s
 * to settle after sign-up instead of 5.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smokeArgs } from "../lib/smoke.ts";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { processTreeRssMb, procStatusMb } from "../../apps/server/src/test/proc.ts";
import { startTranscriptionPeer } from "../../apps/server/src/test/transcription-peer.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
  const minutes = Number(opts.minutes ?? (smoke ? 2 : 60));
  const segment = Number(opts.segment ?? (smoke ? 60 : 600));
  const concurrency = Number(opts.concurrency ?? 2);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-transcribe-"));
  const recording = path.join(root, "meeting.webm");

  console.log(`making a ${minutes}-minute recording (WebM/Opus, 128 kbps) …`);
  const t0 = performance.now();
  // A voice-band tone under pink noise: Opus spends its whole bitrate on it, like on speech.
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `sine=frequency=220:duration=${minutes * 60}`],
    ...["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.2:duration=${minutes * 60}`],
    ...["-filter_complex", "amix=inputs=2", "-ac", "1", "-c:a", "libopus", "-b:a", "128k", recording],
  ]);
  const bytes = fs.statSync(recording).size;
  console.log(
    `recording: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const peer = await startTranscriptionPeer({
    text: (n) => `Piece ${n + 1} of the meeting. Nothing else was said.`,
  });
  const server = await spawnServer({
    DATA_DIR: path.join(root, "data"),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
    LOG_LEVEL: "warn",
    TRANSCRIPTION_BASE_URL: peer.url,
    TRANSCRIPTION_SEGMENT_SECONDS: String(segment),
    TRANSCRIPTION_CONCURRENCY: String(concurrency),
    TRANSCRIPTION_LIMIT_MB: String(Math.ceil(bytes / 1024 / 1024) + 10),
  });
  const pid = server.child.pid!;
  try {
    const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "correct horse battery" }),
    });
    const { token } = (await signUp.json()) as { token: string };
    // Idle: after sign-up, once start-up work has settled.
    await sleep(smoke ? 1000 : 5000);
    const idle = procStatusMb(pid, "VmRSS");
    console.log(`server idle RSS: ${idle} MB`);

    let peak = idle;
    let peakTree = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, procStatusMb(pid, "VmRSS"));
        peakTree = Math.max(peakTree, processTreeRssMb(pid));
        await sleep(100);
      }
    })();

    const form = new FormData();
    form.set("audio", await fs.openAsBlob(recording, { type: "audio/webm" }), "meeting.webm");
    const t1 = performance.now();
    const res = await fetch(`${server.url}/api/transcribe`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { segments?: unknown[]; duration_seconds?: number; message?: string };
    const seconds = (performance.now() - t1) / 1000;
    sampling = false;
    await sampler;
    if (res.status !== 200)
      throw new Error(`transcribe answered ${res.status}: ${body.message}\n${server.output()}`);

    const pieces = peer.requests.length;
    console.log(
      `transcribed ${body.duration_seconds?.toFixed(0)} s of audio in ${pieces} pieces (${segment} s each, ` +
        `${concurrency} at a time, at most ${peer.maxConcurrent} seen) in ${seconds.toFixed(1)} s; ` +
        `${body.segments?.length} timed segments`,
    );
    console.log(
      `server RSS: idle ${idle} MB, peak ${peak} MB (+${peak - idle} MB); with ffmpeg: peak ${peakTree} MB`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg()[0].toFixed(2)}`,
    );
    console.log(
      `minutes=${minutes} pieces=${pieces} transcribe_s=${seconds.toFixed(1)} idle_rss_mb=${idle} peak_rss_mb=${peak} ` +
        `rss_above_idle_mb=${peak - idle} peak_tree_rss_mb=${peakTree} within_300mb=${peak - idle <= 300}`,
    );
  } finally {
    await server.stop();
    await peer.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
