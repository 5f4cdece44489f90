import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";
import { decodeText } from "./text-utils.ts";

/** The parts of an Excalidraw element Mnemo reads; everything else is kept only in the document. */
type CanvasElement = {
  type?: unknown;
  text?: unknown;
  originalText?: unknown;
  name?: unknown;
  isDeleted?: unknown;
  x?: unknown;
  y?: unknown;
};

/** What a canvas says in words: its text elements and frame names, top to bottom, left to right. */
export function canvasWords(doc: unknown): string[] {
  if (!doc || typeof doc !== "object") throw new ExtractError("The canvas is not a document.", "corrupt");
  const { type, elements } = doc as { type?: unknown; elements?: unknown };
  if (type !== "excalidraw" || !Array.isArray(elements))
    throw new ExtractError("The canvas is not an Excalidraw document.", "corrupt");
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return (elements as CanvasElement[])
    .filter((e) => e && typeof e === "object" && e.isDeleted !== true)
    .map((e) => {
      const words =
        e.type === "text"
          ? typeof e.originalText === "string"
            ? e.originalText
            : e.text
          : e.type === "frame" || e.type === "magicframe"
            ? e.name
            : undefined;
      return { text: typeof words === "string" ? words.trim() : "", x: num(e.x), y: num(e.y) };
    })
    .filter((w) => w.text.length > 0)
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((w) => w.text);
}

/** The canvas title without its `.txt` file extension (spec 3 §9 canvas title files). */
export function canvasTitle(name: string): string {
  return name.replace(/\.txt$/i, "").trim() || "Untitled canvas";
}

/**
 * A saved canvas (Excalidraw JSON) as readable content: the title as a heading and each text
 * element as a paragraph, so a canvas is found and cited by the words written on it.
 */
export async function extractCanvas(input: ExtractInput): Promise<ExtractResult> {
  let doc: unknown;
  try {
    doc = JSON.parse(decodeText(input.bytes));
  } catch {
    throw new ExtractError("The canvas document is not valid JSON.", "corrupt");
  }
  const words = canvasWords(doc);
  const title = canvasTitle(input.name);
  const body = words.join("\n\n");
  return {
    title,
    markdown: body ? `# ${title}\n\n${body}` : `# ${title}`,
    text: body,
    kind: "canvas",
    mimeType: input.mimeType ?? "application/json",
    meta: { text_elements: words.length },
    warnings: words.length ? [] : ["The canvas has no text."],
  };
}
