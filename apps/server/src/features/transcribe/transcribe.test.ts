import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingMessages } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startTranscriptionPeer, type TranscriptionPeer } from "../../test/transcription-peer.ts";
import { waitUntil } from "../../test/wait.ts";
import { b64, confirm, type Presigned } from "../../core/ingest/test/helpers.ts";
import { usageDaily } from "../../platform/db/schema/index.ts";
import { setPlan } from "../collections/test-factories.ts";
import { usageDay } from "../../core/plans/usage-day.ts";

/**
 * POST /api/transcribe against a local server speaking the OpenAI audio/transcriptions API (it
 * answers scripted text: no speech model can run here), with the real ffmpeg cutting the audio.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-transcribe-test-"));
/** A 25-second recording as Chromium's MediaRecorder makes them (WebM, Opus). */
function makeRecording(name: string, seconds: number): Buffer {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", [
    ...[
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
    ],
    ...["-c:a", "libopus", "-b:a", "32k", file],
  ]);
  return fs.readFileSync(file);
}

const form = (
  audio: Uint8Array | null,
  name = "meeting.webm",
  type = "audio/webm",
  extra: Record<string, string> = {},
) => {
  const f = new FormData();
  if (audio) f.set("audio", new Blob([new Uint8Array(audio)], { type }), name);
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
};

const scripts = [
  "Welcome to the planning meeting. The launch moves to March.",
  "Dana owns the payment tests. Omar owns the release checklist.",
  "The March budget is approved.",
];

describe.each(testDatabases())("transcription (%s)", (kind) => {
  let m: TestMnemo;
  let off: TestMnemo;
  let peer: TranscriptionPeer;
  let alice: TestUser;
  let recording: Buffer;

  beforeAll(async () => {
    recording = makeRecording("meeting.webm", 25);
    // Each piece is "heard" as the script of its place in the recording (piece-00001.wav → the second).
    peer = await startTranscriptionPeer({
      text: (_n, file) => scripts[Number(/(\d+)\.wav$/.exec(file)?.[1] ?? 0) % scripts.length],
    });
    m = await createTestMnemo(kind, {
      TRANSCRIPTION_BASE_URL: peer.url,
      TRANSCRIPTION_API_KEY: "sk-test",
      TRANSCRIPTION_MODEL: "whisper-1",
      TRANSCRIPTION_SEGMENT_SECONDS: "10",
      TRANSCRIPTION_CONCURRENCY: "2",
      TRANSCRIPTION_LIMIT_MB: "1",
    });
    off = await createTestMnemo(kind);
    alice = await m.buildUser();
  }, 120_000);
  afterAll(async () => {
    await m?.close();
    await off?.close();
    await peer?.close();
  });

  const transcribe = (mn: TestMnemo, body: FormData, as: TestUser | undefined = alice) =>
    mn.request("POST", "/api/transcribe", { as, body });

  it("cuts a long recording into pieces, sends them at most two at a time, and joins them with timestamps", async () => {
    peer.requests.length = 0;
    const res = await transcribe(m, form(recording));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      transcript: string;
      summary: string;
      title: string;
      segments: { start: number; text: string }[];
      duration_seconds: number;
      warning: string | null;
    };
    // 25 s in pieces of 10 s: three WAV pieces, each sent with the model and the key.
    expect(peer.requests).toHaveLength(3);
    expect(peer.requests.every((r) => r.model === "whisper-1" && r.auth === "Bearer sk-test")).toBe(true);
    expect(peer.requests.map((r) => Math.round(r.seconds)).sort()).toEqual([10, 10, 5]);
    expect(peer.maxConcurrent).toBeLessThanOrEqual(2);
    expect(body.duration_seconds).toBeGreaterThan(24);
    expect(body.duration_seconds).toBeLessThan(26);
    // Each piece's segments are placed after the pieces before it.
    expect(body.segments.map((s) => Math.round(s.start))).toEqual([0, 5, 10, 15, 20]);
    expect(body.transcript).toMatch(/^\[00:00\] Welcome to the planning meeting\./);
    expect(body.transcript).toMatch(/\n\[00:10\] \w/);
    expect(body.transcript).toMatch(/\n\[00:20\] \w/);
    // No language model configured: an extractive summary and a title from the first sentence.
    expect(body.title).toBe("Welcome to the planning meeting");
    expect(body.summary.length).toBeGreaterThan(10);
    expect(body.warning).toBeNull();
  });

  it("refuses past the plan's daily transcription minutes, before any audio is sent", async () => {
    const free = await m.buildUser();
    const team = await m.buildUser();
    await setPlan(m.ctx.database.db, free, "free");
    await setPlan(m.ctx.database.db, team, "team");
    const day = usageDay(new Date());
    // 59 of the free plan's 60 minutes used today: a 25-second recording still fits, the next does not.
    for (const u of [free, team])
      await m.ctx.database.db
        .insert(usageDaily)
        .values({ ownerId: u.id, day, kind: "transcription_seconds", count: 59 * 60 + 20 });
    const first = await transcribe(m, form(recording), free);
    expect(first.status).toBe(200);
    peer.requests.length = 0;
    const refused = await transcribe(m, form(recording), free);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      recordingMessages.dailyLimit({ minutes: 60, plan: "Free" }),
    );
    expect(peer.requests).toHaveLength(0);
    // Team is unlimited.
    expect((await transcribe(m, form(recording), team)).status).toBe(200);
  });

  it("warns 'No transcript found.' when nothing is heard", async () => {
    const silent = await startTranscriptionPeer({ text: () => "" });
    const quiet = await createTestMnemo(kind, { TRANSCRIPTION_BASE_URL: silent.url });
    try {
      const user = await quiet.buildUser();
      const res = await transcribe(quiet, form(recording), user);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ transcript: "", warning: "empty_transcript" });
    } finally {
      await quiet.close();
      await silent.close();
    }
  });

  it("answers each bad recording with a clear error", async () => {
    const empty = await transcribe(m, form(new Uint8Array(0)));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: recordingMessages.emptyRecording });

    const pdf = await transcribe(
      m,
      form(Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n"), "notes.webm"),
    );
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toMatchObject({ message: recordingMessages.notAudio });

    const big = await transcribe(m, form(new Uint8Array(1024 * 1024 + 10)));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: recordingMessages.tooLarge({ limitMb: 1 }) });

    const none = await transcribe(m, form(null, "x", "x", { other: "1" }));
    expect(none.status).toBe(400);

    const anonymous = await m.request("POST", "/api/transcribe", { body: form(recording) });
    expect(anonymous.status).toBe(401);
  });

  it("answers a provider failure as 'Transcription failed. Please try again.'", async () => {
    peer.failing = true;
    try {
      const res = await transcribe(m, form(recording));
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ message: recordingMessages.transcriptionFailed });
    } finally {
      peer.failing = false;
    }
  });

  it("says plainly when no provider is configured", async () => {
    const user = await off.buildUser();
    const status = await off.request("GET", "/api/transcribe/status", { as: user });
    expect(await status.json()).toMatchObject({ configured: false, reason: recordingMessages.notConfigured });
    const res = await transcribe(off, form(recording), user);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ message: recordingMessages.notConfigured });
    const doc = (await (await m.request("GET", "/api/openapi.json")).json()) as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    expect(
      JSON.stringify(doc.paths["/api/transcribe"]?.post?.requestBody?.content["multipart/form-data"]),
    ).toContain('"audio"');
    const on = await m.request("GET", "/api/transcribe/status", { as: alice });
    expect(await on.json()).toMatchObject({ configured: true, reason: null });
  });

  it("keeps a recording uploaded through the upload flow as an audio memory, and transcribes it by id", async () => {
    const name = "Standup 2026-11-24.webm";
    const pres = await m.request("POST", "/api/upload/get_presigned_url", {
      as: alice,
      json: {
        fileType: "webm",
        metadata: { name_base64: b64(name), type: "audio/webm", size: recording.length, source_type: "file" },
      },
    });
    expect(pres.status).toBe(200);
    const p = (await pres.json()) as Presigned;
    const put = await m.request("PUT", p.presigned_url, {
      body: new Uint8Array(recording),
      headers: {
        "content-type": "audio/webm",
        "content-length": String(recording.length),
        "x-amz-meta-name_base64": b64(name),
        "x-amz-meta-type": "audio/webm",
        "x-amz-meta-size": String(recording.length),
        "x-amz-meta-source_type": "file",
      },
    });
    expect(put.status).toBe(200);
    expect((await confirm(m, alice, p.file_id, { file_type: "webm" })).status).toBe(200);
    const status = await waitUntil("the recording indexed", async () => {
      const r = await m.request("POST", "/api/upload/verify_indexing", {
        as: alice,
        json: [{ id: p.file_id, type: "file" }],
      });
      const [row] = (await r.json()) as { indexing_status: string }[];
      return row.indexing_status !== "in_progress" && row;
    });
    expect(status).toMatchObject({ indexing_status: "success" });

    const res = await transcribe(m, form(null, "", "", { source_id: p.file_id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ source_id: p.file_id, warning: null });

    // A file named like a recording whose bytes are not audio ends errored, with the reason.
    const fake = "%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n";
    const fp = (await (
      await m.request("POST", "/api/upload/get_presigned_url", {
        as: alice,
        json: {
          fileType: "webm",
          metadata: {
            name_base64: b64("fake.webm"),
            type: "audio/webm",
            size: fake.length,
            source_type: "file",
          },
        },
      })
    ).json()) as Presigned;
    await m.request("PUT", fp.presigned_url, {
      body: new TextEncoder().encode(fake),
      headers: {
        "content-type": "audio/webm",
        "content-length": String(fake.length),
        "x-amz-meta-name_base64": b64("fake.webm"),
        "x-amz-meta-type": "audio/webm",
        "x-amz-meta-size": String(fake.length),
        "x-amz-meta-source_type": "file",
      },
    });
    expect((await confirm(m, alice, fp.file_id, { file_type: "webm" })).status).toBe(200);
    const refused = await waitUntil("the fake recording checked", async () => {
      const r = await m.request("POST", "/api/upload/verify_indexing", {
        as: alice,
        json: [{ id: fp.file_id, type: "file" }],
      });
      const [row] = (await r.json()) as { indexing_status: string; error?: string | null }[];
      return row.indexing_status !== "in_progress" && row;
    });
    expect(refused).toMatchObject({ indexing_status: "errored", error: recordingMessages.notAudio });

    const bob = await m.buildUser();
    const stranger = await transcribe(m, form(null, "", "", { source_id: p.file_id }), bob);
    expect(stranger.status).toBe(404);
  });
});
