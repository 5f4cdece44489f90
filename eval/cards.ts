/**
 * Review-card quality: `npm run eval -- cards --data <xquad folder> [--data <folder> …]`.
 *
 * Cards are made from every context (features/review/cards.ts, offline). answer_span_rate is
 * defined as: among the cards whose sentence contains a gold answer of a question on that context
 * (the answer text found in the card's sentence), the share whose blank overlaps one such gold
 * answer occurrence (character ranges intersect). Cards from sentences that hold no gold answer
 * are not scored (no question was asked there; they are counted as `unscored`).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { makeCards } from "../apps/server/src/features/review/cards.ts";

type Context = { _id: string; title: string; text: string };
type Question = { context_id: string; answers: string[] };

const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

function occurrences(sentence: string, answer: string): [number, number][] {
  const out: [number, number][] = [];
  if (!answer.trim()) return out;
  for (let i = sentence.indexOf(answer); i >= 0; i = sentence.indexOf(answer, i + 1))
    out.push([i, i + answer.length]);
  return out;
}

export function scoreSet(dir: string): { cards: number; scored: number; hits: number; rate: number } {
  const contexts = readJsonl<Context>(path.join(dir, "contexts.jsonl"));
  const answers = new Map<string, string[]>();
  for (const q of readJsonl<Question>(path.join(dir, "qa.jsonl")))
    answers.set(q.context_id, [...(answers.get(q.context_id) ?? []), ...q.answers]);
  let cards = 0;
  let scored = 0;
  let hits = 0;
  for (const c of contexts) {
    const golds = answers.get(c._id) ?? [];
    for (const card of makeCards(c.text)) {
      cards++;
      const spans = golds.flatMap((g) => occurrences(card.sentence, g.trim()));
      if (spans.length === 0) continue;
      scored++;
      if (spans.some(([s, e]) => s < card.end && card.start < e)) hits++;
    }
  }
  return { cards, scored, hits, rate: scored ? hits / scored : 0 };
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: "string", multiple: true } } });
  if (!values.data?.length)
    throw new Error("Usage: npm run eval -- cards --data <folder> [--data <folder> …]");
  const summary: string[] = [];
  for (const dir of values.data) {
    const name = path
      .basename(dir)
      .replace(/^xquad-/, "")
      .replace(/-dev$/, "");
    const r = scoreSet(dir);
    console.log(
      `${name}: cards ${r.cards}, scored ${r.scored}, blank on a gold answer ${r.hits}, answer_span_rate ${r.rate.toFixed(4)}`,
    );
    summary.push(
      `answer_span_rate_${name}=${r.rate.toFixed(4)}`,
      `cards_${name}=${r.cards}`,
      `scored_${name}=${r.scored}`,
    );
  }
  console.log(summary.join(" "));
  await Promise.resolve();
}
