import { agentTexts } from "@mnemo/contracts/stream";

/** A piece of the Thoughts panel: free text, or one tool call with its outcome lines. */
export type ThoughtPiece =
  { kind: "text"; text: string } | { kind: "tool"; title: string; outcome: { ok: boolean; text: string }[] };

/**
 * Splits an agent's thoughts into text and tool-call cards: a line starting with the tool-call
 * mark opens a card; result and error lines right under it are its outcome (contracts
 * `agentTexts`). Pure; anything else stays text.
 */
export function thoughtPieces(thoughts: string): ThoughtPiece[] {
  const out: ThoughtPiece[] = [];
  let text: string[] = [];
  const flush = () => {
    const t = text.join("\n").trim();
    if (t) out.push({ kind: "text", text: t });
    text = [];
  };
  for (const line of thoughts.split("\n")) {
    const last = out.at(-1);
    if (line.startsWith(agentTexts.toolCallMark + " ")) {
      flush();
      out.push({ kind: "tool", title: line.slice(agentTexts.toolCallMark.length + 1).trim(), outcome: [] });
    } else if (
      last?.kind === "tool" &&
      !text.length &&
      (line.startsWith(agentTexts.resultMark) || line.startsWith(agentTexts.errorMark))
    ) {
      const ok = line.startsWith(agentTexts.resultMark);
      const mark = ok ? agentTexts.resultMark : agentTexts.errorMark;
      last.outcome.push({ ok, text: line.slice(mark.length).trim() });
    } else if (line.startsWith(agentTexts.errorMark)) {
      flush();
      out.push({ kind: "tool", title: line.slice(agentTexts.errorMark.length).trim(), outcome: [] });
    } else text.push(line);
  }
  flush();
  return out;
}
