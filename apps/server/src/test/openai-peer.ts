import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * TEST ONLY: a local server speaking the OpenAI chat-completions API in its streaming form
 * (`POST /v1/chat/completions` with `stream: true` answers `text/event-stream`: `data:` lines of
 * `chat.completion.chunk` objects whose `delta` carries `content` or `tool_calls` pieces, the
 * last chunk a `finish_reason`, then `data: [DONE]`), as published in OpenAI's API reference.
 * It plays scripted turns, so the real AI SDK provider, its tool loop and our stream are exercised.
 */

/** One message of the request as the provider sends it. */
export type PeerMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type PeerRequest = {
  model: string;
  messages: PeerMessage[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters: unknown } }[];
  stream?: boolean;
};

/** A scripted model turn: text, and/or tool calls (arguments as an object, or raw JSON text). */
export type PeerTurn = {
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown> | string }[];
};

export type OpenAiPeer = {
  /** Base URL to configure (ends in /v1). */
  url: string;
  /** Every request received, oldest first. */
  requests: PeerRequest[];
  /** Chooses the next turn from the request; replace it per test. */
  script: (req: PeerRequest) => PeerTurn;
  close(): Promise<void>;
};

/** The text of a message's content (string or parts). */
export function contentText(m: PeerMessage): string {
  if (typeof m.content === "string") return m.content;
  if (Array.isArray(m.content)) return m.content.map((p) => p.text ?? "").join("");
  return "";
}

/** The last user message's text. */
export function lastUserText(req: PeerRequest): string {
  const users = req.messages.filter((m) => m.role === "user");
  return users.length ? contentText(users[users.length - 1]) : "";
}

/** Tool results sent back since the last user message. */
export function toolResultsSinceUser(req: PeerRequest): PeerMessage[] {
  const out: PeerMessage[] = [];
  for (let i = req.messages.length - 1; i >= 0 && req.messages[i].role !== "user"; i--)
    if (req.messages[i].role === "tool") out.unshift(req.messages[i]);
  return out;
}

function chunkLines(turn: PeerTurn, model: string, callSeq: () => string): string[] {
  const base = { id: "chatcmpl-peer", object: "chat.completion.chunk", created: 1_700_000_000, model };
  const line = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const out = [line({ role: "assistant", content: "" })];
  // Text arrives in small pieces, as a real model streams it.
  for (const piece of (turn.text ?? "").match(/\S+\s*/g) ?? []) out.push(line({ content: piece }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.args === "string" ? call.args : JSON.stringify(call.args);
    out.push(
      line({
        tool_calls: [
          { index, id: callSeq(), type: "function", function: { name: call.name, arguments: "" } },
        ],
      }),
    );
    // Arguments split in two deltas, as the API does.
    const half = Math.ceil(args.length / 2);
    for (const part of [args.slice(0, half), args.slice(half)])
      if (part) out.push(line({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  out.push(line({}, turn.toolCalls?.length ? "tool_calls" : "stop"));
  out.push(
    `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
  );
  out.push("data: [DONE]\n\n");
  return out;
}

/** Starts the peer on a free 127.0.0.1 port (or `port`). */
export async function startOpenAiPeer(
  script: (req: PeerRequest) => PeerTurn = () => ({ text: "Hello." }),
  port = 0,
): Promise<OpenAiPeer> {
  let seq = 0;
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));
      return;
    }
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (raw += d));
    req.on("end", () => {
      let body: PeerRequest;
      try {
        body = JSON.parse(raw) as PeerRequest;
      } catch {
        res.writeHead(400).end();
        return;
      }
      peer.requests.push(body);
      let turn: PeerTurn;
      try {
        turn = peer.script(body);
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(err), type: "server_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const l of chunkLines(turn, body.model, () => `call_${++seq}`)) res.write(l);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const peer: OpenAiPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: [],
    script,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return peer;
}
