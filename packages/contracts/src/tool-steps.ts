import { z } from "zod";

/**
 * An agent's tool step as a reply line carries it (`tool_step`, spec 1 §4 Thoughts panel): the
 * call (status `running`) or its outcome (`ok` / `error`), both with the step's `id`. A step
 * without `name` is a note that is no call (an MCP server that did not answer, the step budget);
 * its `error` says what happened. The web draws each step as a tool-call card from these fields.
 */
export const zToolStep = z.object({
  /** Names the step: its outcome carries the id of its call. */
  id: z.string().min(1),
  /** The tool called (`search_memories`, an MCP tool's name, …); absent on a note. */
  name: z.string().optional(),
  /** The tool's own title, for tools without a label here (MCP tools). */
  title: z.string().optional(),
  /** What the tool was asked, when its input has a text `query`. */
  query: z.string().optional(),
  status: z.enum(["running", "ok", "error"]),
  /** What an ok step found (composed by the server: the sources it cites, or its output's start). */
  summary: z.string().optional(),
  /** Why the step failed: the tool's message, or the note's text. */
  error: z.string().optional(),
});
export type ToolStep = z.infer<typeof zToolStep>;

/**
 * A tool step placed in the thoughts: `at` is the length of the thought text it follows (the
 * Thoughts panel shows the text before `at`, the card, then the rest). Stored turns keep their
 * tool lines in this form; a chat's history returns the steps folded (`foldToolSteps`).
 */
export const zPlacedToolStep = zToolStep.extend({ at: z.number().int().min(0) });
export type PlacedToolStep = z.infer<typeof zPlacedToolStep>;

/** Labels of the platform's tools on their cards (composed; the spec names no tools). */
export const toolLabels: Record<string, string> = {
  search_memories: "Search memories",
  search_apps: "Search apps",
  search_web: "Search the web",
  send_email: "Compose an e-mail",
  save_memory: "Save a memory",
};

/** The heading of a step's card: the tool's label and what it was asked; a note's text. */
export function toolStepTitle(step: ToolStep): string {
  if (step.name === undefined) return step.error ?? step.summary ?? step.title ?? "";
  const label = toolLabels[step.name] ?? step.title ?? `Tool ${step.name}`;
  return step.query === undefined ? label : `${label}: “${step.query}”`;
}

/**
 * Applies one tool line to the steps (pure): a new id is appended at `at`; a known id takes the
 * line's fields (its outcome) and keeps its place.
 */
export function applyToolStep(steps: PlacedToolStep[], line: ToolStep, at: number): PlacedToolStep[] {
  const i = steps.findIndex((s) => s.id === line.id);
  if (i < 0) return [...steps, { ...line, at }];
  const given = Object.fromEntries(Object.entries(line).filter(([, v]) => v !== undefined));
  return steps.with(i, { ...steps[i], ...given, at: steps[i].at });
}

/**
 * The steps of a turn's stored tool lines, in order; `shown` (a stopped answer: the lines the
 * reader had seen) keeps only the first lines.
 */
export function foldToolSteps(lines: PlacedToolStep[], shown?: number | null): PlacedToolStep[] {
  const seen = shown === undefined || shown === null ? lines : lines.slice(0, Math.max(0, shown));
  return seen.reduce<PlacedToolStep[]>((steps, { at, ...line }) => applyToolStep(steps, line, at), []);
}
