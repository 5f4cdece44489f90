import type { AnswerEngine } from "../answering/index.ts";

/** A description this long at most (a card's excerpt and the memory search read it). */
const MAX_DESCRIPTION_CHARS = 280;
/** The language model is given this much of the canvas's words. */
const MAX_PROMPT_CHARS = 6_000;
const LLM_TIMEOUT_MS = 30_000;

/** The canvas's words as one line, cut at a word boundary: the description without a language model. */
export function descriptionFromText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= MAX_DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > MAX_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * One or two sentences from a generative engine about what the canvas shows, given its title and
 * words; citation marks are dropped. Undefined when the engine says nothing.
 */
export async function describeWithModel(
  engine: AnswerEngine,
  canvas: { id: string; title: string; text: string },
): Promise<string | undefined> {
  let out = "";
  for await (const event of engine.answer({
    question:
      "Describe this canvas (a drawing with text) in one or two plain sentences, for finding it later. " +
      "Do not cite.",
    passages: [
      {
        citation: 1,
        sourceId: canvas.id,
        title: canvas.title,
        text: canvas.text.slice(0, MAX_PROMPT_CHARS),
        score: 1,
        type: "canvas",
      },
    ],
    mode: "memories",
    instructions: {},
    history: [],
    signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
  })) {
    if (event.type === "text") out += event.text;
  }
  const clean = out
    .replace(/<think>[\s\S]*?<\/think>/g, "")
    .replace(/\s*\[\d+\]/g, "")
    .trim();
  return clean ? descriptionFromText(clean) : undefined;
}
