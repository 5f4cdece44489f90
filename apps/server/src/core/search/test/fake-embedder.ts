import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Words the fake model treats as one meaning (what a real embedding model learns). */
const SYNONYMS: Record<string, string> = {
  automobile: "car",
  vehicle: "car",
  cars: "car",
  mechanic: "repair",
  fixing: "repair",
  fix: "repair",
  physician: "doctor",
  doctors: "doctor",
};

const DIMS = 64;

/** Hashed bag of (synonym-folded) words: texts sharing meanings get close vectors. Deterministic. */
export function fakeEmbedding(text: string, dims = DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (raw.length < 3) continue;
    const w = SYNONYMS[raw] ?? raw;
    const h = crypto.createHash("sha1").update(w).digest();
    v[h[0] % dims] += 1;
    v[h[1] % dims] += h[2] & 1 ? 0.5 : -0.5;
  }
  return v;
}

export type FakeEmbedder = {
  /** Base URL ending in /v1, as OPENAI_COMPATIBLE_BASE_URL. */
  baseUrl: string;
  /** Every `input` array received, in order. */
  requests: { model: string; input: string[]; dimensions?: number }[];
  /** Answer 500 to every request while set. */
  failing: boolean;
  close(): Promise<void>;
};

/** A local server speaking OpenAI's `POST /v1/embeddings` (float encoding). */
export async function startFakeEmbedder(): Promise<FakeEmbedder> {
  const state: FakeEmbedder = {
    baseUrl: "",
    requests: [],
    failing: false,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/embeddings") {
        res.writeHead(404).end();
        return;
      }
      if (state.failing) {
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "down" } }));
        return;
      }
      const parsed = JSON.parse(body) as { model: string; input: string | string[]; dimensions?: number };
      const input = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
      state.requests.push({ model: parsed.model, input, dimensions: parsed.dimensions });
      const dims = parsed.dimensions ?? DIMS;
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          object: "list",
          model: parsed.model,
          data: input.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t, dims) })),
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
