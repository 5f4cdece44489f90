import type { StreamLine } from "@mnemo/contracts/stream";

/** The Cache-Control of an answer stream (every other /api answer is `no-store`). */
export const STREAM_CACHE_CONTROL = "private, no-cache";

/**
 * An `application/x-ndjson` response pulling lines from `lines` one at a time. When the client
 * goes away (the response body is cancelled or the request signal aborts), `abort` fires and
 * the generator is closed, so generation stops on the server.
 */
export function ndjsonResponse(
  lines: AsyncGenerator<StreamLine>,
  abort: AbortController,
  requestSignal?: AbortSignal,
): Response {
  const enc = new TextEncoder();
  const stop = () => {
    if (!abort.signal.aborted) abort.abort();
  };
  requestSignal?.addEventListener("abort", stop, { once: true });
  const body = new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      try {
        const next = await lines.next();
        if (next.done) {
          requestSignal?.removeEventListener("abort", stop);
          ctrl.close();
        } else ctrl.enqueue(enc.encode(JSON.stringify(next.value) + "\n"));
      } catch (err) {
        ctrl.error(err);
      }
    },
    async cancel() {
      stop();
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      // Not `no-store`: Chromium lists a `no-store` response that the page reads to its end through a
      // stream reader as a cancelled request (net::ERR_ABORTED) about one time in two, though every
      // byte arrived (docs/decisions.md, issue 13 item 12). A POST answer is never reused by a cache
      // (RFC 9111 §9.3.3; Chromium does not store a fetch POST at all); `private, no-cache` keeps
      // shared caches out and any copy from being served unchecked.
      "cache-control": STREAM_CACHE_CONTROL,
      "x-accel-buffering": "no",
    },
  });
}

/** Passes lines through, pausing `ms` before each line that carries answer text (ANSWER_STREAM_DELAY_MS). */
export async function* slowLines<T>(lines: AsyncGenerator<T>, ms: number): AsyncGenerator<T> {
  try {
    for await (const line of lines) {
      if (typeof line === "object" && line !== null && "chunk" in line)
        await new Promise((r) => setTimeout(r, ms));
      yield line;
    }
  } finally {
    await lines.return(undefined);
  }
}
