import { createNdjsonDecoder, type StreamLine } from "@mnemo/contracts/stream";

/** Every line of an NDJSON body already read as text. */
export function decodeNdjson(text: string): StreamLine[] {
  const dec = createNdjsonDecoder();
  return [...dec.push(text), ...dec.end()];
}

/** Every line of a finished NDJSON answer body. */
export async function readNdjson(res: Response): Promise<StreamLine[]> {
  return decodeNdjson(await res.text());
}

/**
 * Reads an NDJSON stream until `enough(linesSoFar)` holds (or the stream ends), then cancels the
 * rest of the body as a client that stops reading would.
 */
export async function readNdjsonUntil(
  res: Response,
  enough: (lines: StreamLine[]) => boolean,
): Promise<StreamLine[]> {
  const reader = res.body!.getReader();
  const dec = createNdjsonDecoder();
  const lines: StreamLine[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    lines.push(...(done ? dec.end() : dec.push(value)));
    if (done) return lines;
    if (enough(lines)) {
      await reader.cancel();
      return lines;
    }
  }
}
