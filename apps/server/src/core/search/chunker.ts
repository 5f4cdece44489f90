/**
 * Heading-aware chunking of a memory's Markdown (or plain text) into passages of roughly
 * `minWords`–`maxWords` words, with a small overlap between consecutive passages of one section.
 * Pure: offsets index into the input string; `text` is exactly `markdown.slice(startOffset, endOffset)`.
 */
export type Chunk = {
  ord: number;
  title: string;
  /** "H1 > H2 > H3" in effect where the chunk's content starts ("" when none). */
  headingPath: string;
  text: string;
  startOffset: number;
  endOffset: number;
  /** Word count of `text`. */
  words: number;
};

export type ChunkOptions = {
  title: string;
  minWords?: number;
  maxWords?: number;
  overlapWords?: number;
};

type Unit = { start: number; end: number; words: number; heading?: { level: number; text: string } };

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

export function countWords(s: string): number {
  const m = s.match(/\S+/g);
  return m ? m.length : 0;
}

/** Splits [start,end) of `src` into sentence units; over-long sentences are cut every `max` words. */
function sentenceUnits(src: string, start: number, end: number, max: number): Unit[] {
  const out: Unit[] = [];
  const re = /[^\n.!?]*(?:[.!?]+(?=\s|$)|\n|$)[^\S\n]*/gy;
  re.lastIndex = start;
  const slice = src.slice(0, end);
  let m: RegExpExecArray | null;
  while (re.lastIndex < end && (m = re.exec(slice)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const s = m.index;
    const e = m.index + m[0].length;
    const words = countWords(m[0]);
    if (words === 0) continue;
    if (words <= max) {
      out.push({ start: s, end: e, words });
      continue;
    }
    const wre = /\S+\s*/g;
    wre.lastIndex = s;
    let pieceStart = s;
    let n = 0;
    let w: RegExpExecArray | null;
    while ((w = wre.exec(slice)) !== null && w.index < e) {
      n++;
      const wEnd = Math.min(w.index + w[0].length, e);
      if (n === max) {
        out.push({ start: pieceStart, end: wEnd, words: n });
        pieceStart = wEnd;
        n = 0;
      }
    }
    if (n > 0) out.push({ start: pieceStart, end: e, words: n });
  }
  return out;
}

/** Headings, paragraphs (code fences kept whole), and sentences of paragraphs longer than `max`. */
function units(src: string, max: number): Unit[] {
  const out: Unit[] = [];
  const lines: { start: number; end: number; text: string }[] = [];
  let pos = 0;
  for (const text of src.split("\n")) {
    lines.push({ start: pos, end: pos + text.length, text });
    pos += text.length + 1;
  }
  let para: { start: number; end: number } | null = null;
  let inFence = false;
  const flushPara = () => {
    if (!para) return;
    const words = countWords(src.slice(para.start, para.end));
    if (words > max && !inFence) out.push(...sentenceUnits(src, para.start, para.end, max));
    else if (words > 0) out.push({ start: para.start, end: para.end, words });
    para = null;
  };
  for (const line of lines) {
    if (FENCE.test(line.text)) {
      if (!inFence) flushPara();
      inFence = !inFence;
      para = para ? { start: para.start, end: line.end } : { start: line.start, end: line.end };
      if (!inFence) {
        const p = para;
        para = null;
        out.push({ start: p.start, end: p.end, words: countWords(src.slice(p.start, p.end)) });
      }
      continue;
    }
    if (inFence) {
      para = para ? { start: para.start, end: line.end } : { start: line.start, end: line.end };
      continue;
    }
    const h = HEADING.exec(line.text);
    if (h) {
      flushPara();
      out.push({
        start: line.start,
        end: line.end,
        words: countWords(h[2]),
        heading: { level: h[1].length, text: h[2].trim() },
      });
    } else if (line.text.trim() === "") {
      flushPara();
    } else {
      para = para ? { start: para.start, end: line.end } : { start: line.start, end: line.end };
    }
  }
  flushPara();
  return out;
}

/** Chunks `markdown`; an empty or whitespace-only input gives no chunks. */
export function chunkMarkdown(markdown: string, opts: ChunkOptions): Chunk[] {
  const min = opts.minWords ?? 200;
  const max = opts.maxWords ?? 400;
  const overlap = opts.overlapWords ?? 40;
  const chunks: Chunk[] = [];
  const stack: string[] = [];
  let cur: Unit[] = [];
  let curWords = 0;
  let path = "";
  let curPath: string | null = null;

  const flush = (keepOverlap: boolean) => {
    const content = cur.filter((u) => !u.heading);
    if (content.length === 0) return;
    const start = cur[0].start;
    const end = cur[cur.length - 1].end;
    const text = markdown.slice(start, end);
    chunks.push({
      ord: chunks.length,
      title: opts.title,
      headingPath: curPath ?? path,
      text,
      startOffset: start,
      endOffset: end,
      words: countWords(text),
    });
    const tail: Unit[] = [];
    let n = 0;
    if (keepOverlap) {
      for (let i = cur.length - 1; i > 0 && !cur[i].heading && n + cur[i].words <= overlap; i--) {
        tail.unshift(cur[i]);
        n += cur[i].words;
      }
    }
    cur = tail;
    curWords = n;
    curPath = tail.length ? curPath : null;
  };

  let continued = false;
  const reset = () => {
    cur = [];
    curWords = 0;
    curPath = null;
  };
  for (const u of units(markdown, max)) {
    if (u.heading) {
      // A section's remainder (it starts with overlap) never merges into the next section.
      if (cur.some((c) => !c.heading) && (curWords >= min / 2 || continued)) flush(false);
      continued = false;
      stack.length = Math.min(stack.length, u.heading.level - 1);
      while (stack.length < u.heading.level - 1) stack.push("");
      stack.push(u.heading.text);
      path = stack.filter(Boolean).join(" > ");
      cur.push(u);
      curWords += u.words;
      continue;
    }
    if (curWords + u.words > max && cur.some((c) => !c.heading)) {
      flush(true);
      continued = true;
      if (curWords + u.words > max) reset();
    }
    if (curPath === null) curPath = path;
    cur.push(u);
    curWords += u.words;
  }
  flush(false);
  return chunks;
}
