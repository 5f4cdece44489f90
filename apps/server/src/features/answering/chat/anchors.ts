import { constants } from "@mnemo/contracts";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import { scoreSentences } from "../engines/extractive/select.ts";
import { lastTimeMark, type ChunkLocation } from "../../../core/search/locate.ts";

/** A cited chunk as stored: its offsets, heading path and location, with its memory's kind. */
export type AnchorChunk = {
  id: string;
  text: string;
  startOffset: number;
  endOffset: number;
  headingPath: string;
  location: ChunkLocation | null;
  /** The memory's type (file, webpage, recording, …) and detected kind (pdf, pptx, xlsx, …). */
  type: string;
  kind: string | null;
  /** The memory's link (a YouTube video's transcript is timed). */
  url: string | null;
};

const PAGE = /^Page (\d+)$/;
const TIMED_TYPES = new Set(["audio", "video", "recording", "youtube", "transcript"]);
const VIDEO_LINK = /^https?:\/\/(?:[a-z0-9-]+\.)*(?:youtube\.com|youtube-nocookie\.com|youtu\.be)\//i;

const isTimed = (c: AnchorChunk) =>
  TIMED_TYPES.has(c.type) || TIMED_TYPES.has(c.kind ?? "") || VIDEO_LINK.test(c.url ?? "");

/** A cited line that starts with its own `[mm:ss]` mark: a transcript line, wherever it is kept. */
const TIMED_LINE = /^\s*[[(](?:\d{1,2}:)?\d{1,2}:\d{2}(?:\.\d+)?[\])]/;
/** A meeting page's Transcription section (issue 18 inserts it under that heading). */
const inTranscription = (c: AnchorChunk) =>
  c.headingPath.split(" > ").some((h) => h.trim() === constants.recording.transcriptSections[1]);

/** The sentence of the chunk that best answers the question (what the answer cites), else its start. */
export function citedQuote(question: string, title: string, text: string): string {
  const [best] = scoreSentences(question, [{ sourceId: "", title, text, score: 1 }]);
  if (best) return best.text;
  return text.replace(/\s+/g, " ").trim().slice(0, 200);
}

const TABLE_LINE = /^\s*\|/;
const SEPARATOR = /^\s*\|?\s*:?-{3,}/;
const terms = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []);

/**
 * In a chunk of table rows, the data row that best matches the question: its offset from the
 * chunk's first data row and its cells as text (the quote). Undefined when no row matches.
 */
export function bestTableRow(question: string, text: string): { offset: number; cells: string } | undefined {
  const q = terms(question);
  let best: { offset: number; cells: string; score: number } | undefined;
  let offset = -1;
  for (const line of text.split("\n")) {
    if (!TABLE_LINE.test(line)) continue;
    // A separator right after the first table line makes that line the header, not a data row.
    if (SEPARATOR.test(line)) {
      if (offset === 0) {
        offset = -1;
        if (best?.offset === 0) best = undefined;
      }
      continue;
    }
    offset++;
    const cells = line
      .split("|")
      .map((c) => c.trim())
      .filter(Boolean)
      .join(" ");
    let score = 0;
    for (const t of terms(cells)) if (q.has(t)) score++;
    if (score > 0 && (!best || score > best.score)) best = { offset, cells, score };
  }
  return best && { offset: best.offset, cells: best.cells };
}

/**
 * The anchor of a cited chunk (pure): offsets always; the page of a PDF (its `## Page n` section),
 * the slide of a presentation, the sheet and row of a spreadsheet, the row of a CSV, the second of
 * a transcript; and the cited sentence.
 */
export function passageAnchor(
  chunk: AnchorChunk,
  question: string,
  title: string,
  /** The sentence the answer cites from this chunk, when known (else the chunk's best). */
  cited?: string,
): PassageAnchor {
  const top = chunk.headingPath.split(" > ")[0] ?? "";
  const loc = chunk.location ?? {};
  const anchor: PassageAnchor = {
    chunk_id: chunk.id,
    start: chunk.startOffset,
    end: chunk.endOffset,
    heading: chunk.headingPath,
    quote: cited || citedQuote(question, title, chunk.text),
  };
  const page = PAGE.exec(top);
  if (chunk.kind === "pdf" && page) anchor.page = Number(page[1]);
  if (chunk.kind === "pptx" && loc.section) anchor.slide = loc.section;
  if (chunk.kind === "xlsx" && top) anchor.sheet = top;
  if (chunk.kind === "xlsx" || chunk.kind === "csv") {
    // The cited row, not the chunk's first: counted from the row the chunk starts on (or the
    // table's first data row when the chunk starts at its header).
    const row = bestTableRow(question, chunk.text);
    if (row || loc.row) anchor.row = (loc.row ?? 1) + (row?.offset ?? 0);
    if (row) anchor.quote = row.cells;
  }
  if (isTimed(chunk) || TIMED_LINE.test(anchor.quote) || inTranscription(chunk)) {
    // The second of the cited sentence: the last mark up to it within the chunk, else the chunk's.
    const head = anchor.quote.slice(0, 24);
    const at = head ? chunk.text.indexOf(head) : -1;
    const time = at >= 0 ? lastTimeMark(chunk.text.slice(0, at + anchor.quote.length)) : undefined;
    if (time !== undefined || loc.time !== undefined) anchor.time = time ?? loc.time;
  }
  return anchor;
}
