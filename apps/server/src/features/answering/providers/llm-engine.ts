import type { LanguageModel, ModelMessage } from "ai";
import type { AnswerEngine, AnswerEvent, AnswerInput } from "../engines/engine.ts";
import { buildSystemPrompt, buildUserPrompt, FOLLOW_UPS_MARKER, splitFollowUps } from "./prompt.ts";

/** Length of the longest suffix of `text` that could be the start of `marker`. */
function heldBack(text: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, text.length); n > 0; n--)
    if (text.endsWith(marker.slice(0, n))) return n;
  return 0;
}

/**
 * An answer engine over any AI SDK language model: passages, collection instructions and the
 * user's generation instructions go into the prompt; reasoning parts become reasoning events;
 * the model's own follow-up questions (after a marker line) become the follow-ups.
 */
export function createLlmEngine(id: string, model: LanguageModel): AnswerEngine {
  return {
    id,
    generative: true,
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
      const messages: ModelMessage[] = [];
      for (const turn of input.history.slice(-6)) {
        messages.push(
          { role: "user", content: turn.user_query },
          { role: "assistant", content: turn.answer },
        );
      }
      messages.push({ role: "user", content: buildUserPrompt(input) });
      const { streamText } = await import("ai");
      const result = streamText({
        model,
        system: buildSystemPrompt(input),
        messages,
        abortSignal: input.signal,
        maxRetries: 0,
      });
      let pending = "";
      let tail: string | null = null;
      for await (const part of result.fullStream) {
        if (part.type === "reasoning-delta" && part.text) yield { type: "reasoning", text: part.text };
        else if (part.type === "text-delta") {
          if (tail !== null) {
            tail += part.text;
            continue;
          }
          pending += part.text;
          const at = pending.indexOf(FOLLOW_UPS_MARKER);
          if (at >= 0) {
            if (at > 0) yield { type: "text", text: pending.slice(0, at).trimEnd() };
            tail = pending.slice(at + FOLLOW_UPS_MARKER.length);
            pending = "";
            continue;
          }
          // Hold back a possible marker start and the whitespace before it.
          let cut = pending.length - heldBack(pending, FOLLOW_UPS_MARKER);
          while (cut > 0 && /\s/.test(pending[cut - 1])) cut--;
          const out = pending.slice(0, cut);
          pending = pending.slice(cut);
          if (out) yield { type: "text", text: out };
        } else if (part.type === "tool-call") {
          yield {
            type: "tool-call",
            toolName: part.toolName,
            params: (part.input ?? {}) as Record<string, unknown>,
          };
        } else if (part.type === "error") {
          throw part.error instanceof Error ? part.error : new Error(String(part.error));
        }
      }
      if (pending) yield { type: "text", text: pending };
      const followUps = splitFollowUps(tail ?? "");
      if (followUps.length) yield { type: "follow-ups", questions: followUps };
    },
  };
}
