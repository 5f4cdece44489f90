/**
 * Review-card quality: `npm run eval -- cards --data <xquad folder> [--data <folder> …]`.
 *
 * Cards are made from every context (features/review/cards.ts, offline). answer_span_rate is
 * defined as: among the cards whose sentence contains a gold answer of a question on that context
 * (the answer text found in the card's sentence), the share whose blank overlaps one such gold
 * answer occurrence (character ranges intersect). Cards from sentences that hold no gold answer
 * are not scored (no question was asked there; they are counted as `unscored`). The real-notes set
 * (eval/data/notes-npm) is scored the same way, each question's fact as the gold answer of its note.
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

/**
 * A set's contexts and each context's gold answers: an XQuAD folder (contexts.jsonl, qa.jsonl), or
 * the real-notes set (questions.jsonl naming each question's note and fact, notes/ with the
 * Markdown; a note is a context titled by its first heading or file name).
 */
function loadSet(dir: string): { contexts: Context[]; answers: Map<string, string[]> } {
  const answers = new Map<string, string[]>();
  const add = (id: string, golds: string[]) => answers.set(id, [...(answers.get(id) ?? []), ...golds]);
  if (fs.existsSync(path.join(dir, "questions.jsonl"))) {
    const notes = path.join(dir, "notes");
    const contexts = fs
      .readdirSync(notes, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => {
        const text = fs.readFileSync(path.join(notes, f), "utf8");
        const title = /^#\s+(.+)$/mu.exec(text)?.[1] ?? path.basename(f, ".md");
        return { _id: f, title, text };
      });
    for (const q of readJsonl<{ note: string; fact: string }>(path.join(dir, "questions.jsonl")))
      add(q.note, [q.fact]);
    return { contexts, answers };
  }
  for (const q of readJsonl<Question>(path.join(dir, "qa.jsonl"))) add(q.context_id, q.answers);
  return { contexts: readJsonl<Context>(path.join(dir, "contexts.jsonl")), answers };
}

export function scoreSet(dir: string): { cards: number; scored: number; hits: number; rate: number } {
  const { contexts, answers } = loadSet(dir);
  let cards = 0;
  let scored = 0;
  let hits = 0;
  for (const c of contexts) {
    const golds = answers.get(c._id) ?? [];
    for (const card of makeCards(c.text, { title: c.title })) {
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
