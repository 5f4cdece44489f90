import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * TEST ONLY: a local server speaking the OpenAI chat-completions API in its streaming form
 * (`POST /v1/chat/completions` with `stream: true` answers `text/event-stream`: `data:` lines of
 * `chat.completion.chunk` objects whose `delta` carries `content` or `tool_calls` pieces, the
 * last chunk a `finish_reason`, then `data: [DONE]`), as published in OpenAI's API reference.
 * It plays scripted turns, so the real AI SDK provider, its tool loop and our stream are exercised.
 * Without `stream: true` it answers the whole `chat.completion` object at once.
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
  /** "auto", "none", "required", or a forced call of one function. */
  tool_choice?: string | { type: "function"; function: { name: string } };
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
  /**
   * Requests that force a call of one function (`tool_choice` names it, e.g. agent routing's
   * `choose_agent`) are kept apart: recorded here and answered by `forced`, not `script`.
   */
  forcedRequests: PeerRequest[];
  /** The forced call's arguments; throwing answers HTTP 500 (the default: a failing model). */
  forced: (req: PeerRequest, tool: string) => Record<string, unknown> | string;
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

/** The whole reply of a request without `stream` (a `chat.completion` object). */
function completion(turn: PeerTurn, model: string, callSeq: () => string) {
  const calls = (turn.toolCalls ?? []).map((call) => ({
    id: callSeq(),
    type: "function",
    function: {
      name: call.name,
      arguments: typeof call.args === "string" ? call.args : JSON.stringify(call.args),
    },
  }));
  return {
    id: "chatcmpl-peer",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: turn.text ?? null,
          ...(calls.length ? { tool_calls: calls } : {}),
        },
        finish_reason: calls.length ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
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
      const forcedTool = typeof body.tool_choice === "object" ? body.tool_choice.function.name : null;
      (forcedTool ? peer.forcedRequests : peer.requests).push(body);
      let turn: PeerTurn;
      try {
        turn = forcedTool
          ? { toolCalls: [{ name: forcedTool, args: peer.forced(body, forcedTool) }] }
          : peer.script(body);
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(err), type: "server_error" } }));
        return;
      }
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(completion(turn, body.model, () => `call_${++seq}`)));
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
    forcedRequests: [],
    forced: () => {
      throw new Error("no forced tool call is scripted");
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return peer;
}
