/**
 * Where each chunk sits in its memory, beyond its character offsets (issue 22: passage anchors).
 * Pure, computed once at indexing in one pass over the memory's Markdown (linear in its size):
 * - `section`: the 1-based ordinal of the top-level `## ` section holding the chunk's start (a
 *   presentation's slide, a spreadsheet's sheet, a PDF's page section);
 * - `row`: when the chunk starts inside a Markdown table, the 1-based data row it starts on (a
 *   spreadsheet's or CSV's row, the header not counted);
 * - `time`: in a transcript, the seconds of the last `[mm:ss]` / `[hh:mm:ss]` mark at or before
 *   the line the chunk starts on (a recording's or a video's timestamp).
 */
export type ChunkLocation = { section?: number; row?: number; time?: number };

const SECTION = /^## /;
const TABLE_LINE = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}\s*(\||$)/;
const TIME_MARK = /(?:^|\s)[[(](?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:\.\d+)?[\])]/g;

/** The seconds of the last `[mm:ss]` / `[hh:mm:ss]` mark in `text`, or undefined. */
export function lastTimeMark(text: string): number | undefined {
  let time: number | undefined;
  for (const m of text.matchAll(TIME_MARK))
    time = Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return time;
}

type State = { section: number; tableLines: number; dataRow: number; time?: number };

function consume(state: State, line: string): void {
  if (SECTION.test(line)) state.section++;
  if (TABLE_LINE.test(line)) {
    state.tableLines++;
    // Line 1 is the header, line 2 the separator (when there is one); data rows follow.
    if (!(state.tableLines === 2 && TABLE_SEPARATOR.test(line)) && state.tableLines > 1) state.dataRow++;
  } else {
    state.tableLines = 0;
    state.dataRow = 0;
  }
  const time = lastTimeMark(line);
  if (time !== undefined) state.time = time;
}

/** The location of each chunk (by its start offset into `body`; chunks in order of start). */
export function locateChunks(body: string, starts: number[]): ChunkLocation[] {
  const state: State = { section: 0, tableLines: 0, dataRow: 0 };
  let pos = 0; // start of the next line not yet consumed
  return starts.map((start) => {
    // Consume every line that starts at or before `start` (the chunk's own first line included).
    while (pos <= start && pos <= body.length) {
      const nl = body.indexOf("\n", pos);
      const end = nl < 0 ? body.length : nl;
      consume(state, body.slice(pos, end));
      pos = nl < 0 ? body.length + 1 : nl + 1;
    }
    const out: ChunkLocation = {};
    if (state.section > 0) out.section = state.section;
    if (state.dataRow > 0) out.row = state.dataRow;
    if (state.time !== undefined) out.time = state.time;
    return out;
  });
}
