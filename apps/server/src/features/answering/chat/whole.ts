import type { PassageAnchor } from "@mnemo/contracts/chat";
import type { Actor } from "../../../platform/context.ts";
import type { SearchHit } from "../../../core/search/types.ts";
import type { AnswerEngine, AnswerEvent, AnswerInput } from "../engines/engine.ts";

/**
 * Whole-collection questions in chat (issue 45): a question scoped to one collection that asks for
 * the whole of it — a summary, a timeline, every mention of something — is answered from the
 * collection's brief or from every passage about the subject, not from the top passages of a search.
 */
export type WholeIntent = { kind: "summary" } | { kind: "timeline" } | { kind: "mentions"; subject: string };

const SUMMARY =
  /\b(?:summar(?:y|ise|ize|ised|ized|ising|izing)|overview|key points|main points|tl;?dr|brief me)\b|\bwhat (?:is|are) (?:this|these|the) (?:collection|memories|notes) about\b/i;
const TIMELINE = /\b(?:timeline|chronolog(?:y|ical)|in (?:date|chronological) order)\b/i;
const MENTIONS =
  /\b(?:all|every)\s+(?:the\s+)?(?:mentions?|passages?|references?|places?)\s+(?:of|about|to|on|where|that mention)\s+(.+?)[\s?.!]*$/i;
const MENTIONED = /\bwhere (?:is|are|was|were)\s+(.+?)\s+mentioned\b/i;

/** The whole-collection kind of a question, or null (a question answered from its best passages). */
export function wholeIntent(question: string): WholeIntent | null {
  const q = question.trim();
  const m = MENTIONS.exec(q) ?? MENTIONED.exec(q);
  const subject = m?.[1]?.replace(/^["“'‘]|["”'’]$/g, "").trim();
  if (subject) return { kind: "mentions", subject };
  if (TIMELINE.test(q)) return { kind: "timeline" };
  if (SUMMARY.test(q)) return { kind: "summary" };
  return null;
}

/** One cited statement of the whole-collection answer, in the order it is written. */
export type WholeItem = { hit: SearchHit; anchor: PassageAnchor; label?: string };

/** What the brief feature answers a whole-collection question with (wired in app/http.ts). */
export type WholeAnswer = {
  /** Said in the thoughts panel: which mode answered, over how much. */
  note: string;
  /** The answer's heading line. */
  heading: string;
  items: WholeItem[];
  /** Said when `items` is empty. */
  empty: string;
};

export type WholeCollection = (
  actor: Actor,
  collectionId: string,
  intent: WholeIntent,
) => Promise<WholeAnswer>;

/**
 * Answers from the whole-collection items: the thoughts say which mode answered; the extractive
 * engine writes the items as a list, each citing its memory; a generative engine writes from them.
 */
export function wholeEngine(inner: AnswerEngine | undefined, whole: WholeAnswer): AnswerEngine {
  return {
    id: inner?.id ?? "extractive",
    generative: inner?.generative ?? false,
    async *answer(input: AnswerInput): AsyncIterable<AnswerEvent> {
      yield { type: "reasoning", text: whole.note };
      if (inner?.generative) {
        yield* inner.answer(input);
        return;
      }
      const citation = new Map(input.passages.map((p) => [p.sourceId, p.citation]));
      if (!whole.items.length) {
        yield { type: "text", text: whole.empty };
        return;
      }
      const lines = whole.items.map((i) => {
        const n = citation.get(i.hit.sourceId);
        const text = i.anchor.quote || i.hit.text;
        return `- ${i.label ? `**${i.label}** — ` : ""}${text}${n ? ` [${n}]` : ""}`;
      });
      yield { type: "text", text: `${whole.heading}\n\n${lines.join("\n")}` };
    },
  };
}
