import { agentTexts, toolStepTitle, type PlacedToolStep } from "@mnemo/contracts/stream";

/** A piece of the Thoughts panel: free text, or one tool call with its outcome lines. */
export type ThoughtPiece =
  { kind: "text"; text: string } | { kind: "tool"; title: string; outcome: { ok: boolean; text: string }[] };

/** The card of one tool step: its heading, and its outcome once it has one (a note has none). */
function stepCard(step: PlacedToolStep): ThoughtPiece {
  const title = toolStepTitle(step);
  if (step.name === undefined || step.status === "running") return { kind: "tool", title, outcome: [] };
  return step.status === "ok"
    ? { kind: "tool", title, outcome: [{ ok: true, text: step.summary ?? "" }] }
    : { kind: "tool", title, outcome: [{ ok: false, text: agentTexts.toolFailed(step.error ?? "") }] };
}

/**
 * An agent's thoughts as text and tool-call cards, from the typed steps (contracts `tool-steps`):
 * each step's card goes where it was placed in the text. Pure.
 */
export function thoughtPieces(thoughts: string, steps: PlacedToolStep[]): ThoughtPiece[] {
  const out: ThoughtPiece[] = [];
  const text = (t: string) => {
    if (t.trim()) out.push({ kind: "text", text: t.trim() });
  };
  let pos = 0;
  for (const step of [...steps].sort((a, b) => a.at - b.at)) {
    const at = Math.min(Math.max(step.at, pos), thoughts.length);
    text(thoughts.slice(pos, at));
    pos = at;
    out.push(stepCard(step));
  }
  text(thoughts.slice(pos));
  return out;
}

/**
 * The thoughts of a turn stored before tool steps were typed: a line starting with the tool-call
 * mark opens a card; result and error lines right under it are its outcome (contracts
 * `agentTexts`). Stored history only: live answers carry typed steps. Pure; anything else stays text.
 */
export function legacyThoughtPieces(thoughts: string): ThoughtPiece[] {
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
