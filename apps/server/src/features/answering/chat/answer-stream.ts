import {
  answerTexts,
  THINK_END,
  THINK_START,
  type PlacedToolStep,
  type StreamLine,
} from "@mnemo/contracts/stream";
import type { Logger } from "../../../platform/logger.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import { pieces, type AnswerEngine, type AnswerInput } from "../engines/engine.ts";
import { answerErrorCode } from "./answer-error.ts";
import { SourceTally } from "./source-tally.ts";

/** The turn's final state, stored as the reply ends (success, error, or cancelled). */
export type TurnOutcome = {
  status: "success" | "error" | "cancelled";
  answer: string;
  thoughts: string;
  /** The tool lines streamed (an agent's steps), each placed in `thoughts`. */
  toolSteps: PlacedToolStep[];
  followUps: string[];
  /** The sources when tools added some during the answer (agents). */
  sources?: SourceTally["current"];
  /** The tool call the answer proposes (an e-mail to Modify or Execute). */
  toolCall?: { tool_name: string; params: Record<string, unknown> };
  /** An agent saved a memory while answering (echo memory). */
  echoMemory?: boolean;
};

/**
 * The reply lines of one answer: the head line, the engine's text (reasoning inside think
 * markers, an agent's tool steps as `tool_step` lines among it), follow-ups, the final search types and end_of_data. `store` is called exactly once
 * with the outcome — also when `signal` aborts or the consumer stops reading.
 */
export async function* streamAnswer(opts: {
  /** The first line (spec 1 §3): the chat, the model, the sources. */
  head: StreamLine;
  /** Undefined: creative mode without a generative model (a fixed answer). */
  engine: AnswerEngine | undefined;
  input: Omit<AnswerInput, "signal">;
  finalTypes: string[];
  signal: AbortSignal;
  store: (outcome: TurnOutcome) => Promise<void>;
  log: Logger;
}): AsyncGenerator<StreamLine> {
  const { engine, signal } = opts;
  const outcome: TurnOutcome = {
    status: "cancelled",
    answer: "",
    thoughts: "",
    toolSteps: [],
    followUps: [],
  };
  const tally = new SourceTally(opts.head);
  let stored = false;
  const store = async (status: TurnOutcome["status"]) => {
    if (stored) return;
    stored = true;
    await opts.store({ ...outcome, status });
  };
  try {
    yield opts.head;
    if (!engine) {
      for (const p of pieces(answerTexts.noGenerativeModel)) yield { chunk: p };
      outcome.answer = answerTexts.noGenerativeModel;
    } else {
      let thinking = false;
      for await (const ev of engine.answer({ ...opts.input, signal })) {
        if (signal.aborted) break;
        if (ev.type === "reasoning") {
          outcome.thoughts += ev.text;
          yield { chunk: thinking ? ev.text : THINK_START + ev.text };
          thinking = true;
        } else if (ev.type === "text") {
          if (thinking) yield { chunk: THINK_END };
          thinking = false;
          outcome.answer += ev.text;
          yield { chunk: ev.text };
        } else if (ev.type === "tool-step") {
          // A step is part of the thoughts: it opens them when the text was answer.
          outcome.toolSteps.push({ ...ev.step, at: outcome.thoughts.length });
          yield thinking ? { tool_step: ev.step } : { chunk: THINK_START, tool_step: ev.step };
          thinking = true;
        } else if (ev.type === "follow-ups") {
          outcome.followUps = ev.questions;
        } else if (ev.type === "echo-memory") {
          outcome.echoMemory = true;
          yield { added_echo_memory: true };
        } else if (ev.type === "sources") {
          outcome.sources = tally.add(ev.passages);
          yield tally.line();
        } else {
          outcome.toolCall = { tool_name: ev.toolName, params: ev.params };
          yield { tool_call_tool_name: ev.toolName, tool_call_params: ev.params };
        }
      }
      if (thinking && !signal.aborted) yield { chunk: THINK_END };
    }
    if (signal.aborted) return;
    if (outcome.followUps.length) yield { follow_up_questions: outcome.followUps };
    yield { final_results_search_types: opts.finalTypes };
    await store("success");
    yield { end_of_data: true };
  } catch (err) {
    if (signal.aborted) return;
    opts.log.error({ err }, "answer failed");
    const message =
      err instanceof AppError ? err.message : "Something went wrong while answering. Please try again.";
    await store("error");
    yield { error: message, error_code: answerErrorCode(err) };
    yield { end_of_data: true };
  } finally {
    await store("cancelled");
  }
}
