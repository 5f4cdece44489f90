/**
 * A local server speaking the OpenAI `audio/transcriptions` API (POST /v1/audio/transcriptions,
 * multipart `file` + `model` + `response_format` json | verbose_json | text; errors as
 * `{ error: { message, type } }`), for tests and benchmarks. It cannot recognise speech: it
 * answers the text it is given, spread over timed segments of the WAV it received, and records
 * what it was sent (so tests check the pieces, their order and the concurrency).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Busboy from "busboy";

export type PeerRequest = {
  model: string;
  format: string;
  bytes: number;
  seconds: number;
  auth: string | null;
};

export type TranscriptionPeer = {
  /** Base URL to configure as TRANSCRIPTION_BASE_URL (ends in /v1). */
  url: string;
  /** The text each piece is "heard" as (by its order of arrival and the file name it was sent under). */
  text: (n: number, fileName: string) => string;
  /** While true, every request answers HTTP 500. */
  failing: boolean;
  requests: PeerRequest[];
  maxConcurrent: number;
  close(): Promise<void>;
};

const isWav = (b: Buffer) =>
  b.length >= 12 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WAVE";

function wavSeconds(b: Buffer): number {
  let at = 12;
  let rate = 16000 * 2;
  while (at + 8 <= b.length) {
    const id = b.toString("ascii", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === "fmt ") rate = b.readUInt32LE(at + 16);
    if (id === "data") return (b.length - at - 8) / rate;
    at += 8 + size + (size % 2);
  }
  return 0;
}

/** The text cut at sentence ends into segments spread evenly over `seconds`. */
function timedSegments(text: string, seconds: number) {
  const parts =
    text
      .match(/[^.!?]+[.!?]*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  const step = parts.length ? seconds / parts.length : 0;
  return parts.map((t, id) => ({
    id,
    seek: 0,
    start: Math.round(id * step * 100) / 100,
    end: Math.round((id + 1) * step * 100) / 100,
    text: ` ${t}`,
    tokens: [],
    temperature: 0,
    avg_logprob: -0.2,
    compression_ratio: 1.2,
    no_speech_prob: 0.01,
  }));
}

export async function startTranscriptionPeer(
  opts: { text?: (n: number, fileName: string) => string; port?: number } = {},
): Promise<TranscriptionPeer> {
  let active = 0;
  let arrived = 0;
  const error = (res: http.ServerResponse, status: number, message: string, type = "invalid_request_error") =>
    res
      .writeHead(status, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { message, type, param: null, code: null } }));

  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/audio/transcriptions"))
      return error(res, 404, "Not found");
    if (peer.failing) {
      req.resume();
      return error(res, 500, "The server had an error while processing your request.", "server_error");
    }
    active++;
    peer.maxConcurrent = Math.max(peer.maxConcurrent, active);
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let sawFile = false;
    let fileName = "";
    const bb = Busboy({ headers: req.headers });
    bb.on("file", (name, stream, info) => {
      if (name === "file") {
        sawFile = true;
        fileName = info.filename ?? "";
      }
      stream.on("data", (d: Buffer) => name === "file" && chunks.push(d));
    });
    bb.on("field", (name, value) => (fields[name] = value));
    bb.on("close", () => {
      // Hold the answer a moment so concurrent pieces overlap (the concurrency bound is visible).
      setTimeout(() => {
        active--;
        const body = Buffer.concat(chunks);
        if (!fields.model) return error(res, 400, "you must provide a model parameter");
        if (!sawFile || !isWav(body)) return error(res, 400, "Invalid file format.");
        const seconds = wavSeconds(body);
        const format = fields.response_format ?? "json";
        peer.requests.push({
          model: fields.model,
          format,
          bytes: body.length,
          seconds,
          auth: req.headers.authorization ?? null,
        });
        const text = peer.text(arrived++, fileName);
        if (format === "text") return res.writeHead(200, { "content-type": "text/plain" }).end(text);
        const json =
          format === "verbose_json"
            ? {
                task: "transcribe",
                language: "english",
                duration: seconds,
                text,
                segments: timedSegments(text, seconds),
              }
            : { text };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
      }, 30);
    });
    req.pipe(bb);
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  const peer: TranscriptionPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    text: opts.text ?? (() => "Hello from the meeting."),
    failing: false,
    requests: [],
    maxConcurrent: 0,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return peer;
}
