import type { StreamLine } from "@mnemo/contracts/stream";

/**
 * Demo mode (spec 1 §4): stored demo queries answered with canned results after 5 s, for the
 * marketing screenshot and onboarding. Every demo answer is labelled "Demo" on screen.
 */
export const demoQueries: { query: string; lines: StreamLine[] }[] = [
  {
    query: "What did we decide in the launch meeting?",
    lines: [
      {
        sources: {
          results: [
            {
              id: "demo-1",
              title: "Launch meeting notes",
              type: "page",
              snippet: "We ship on the 14th; Maya owns the announcement.",
              score: 1,
              citation: 1,
            },
            {
              id: "demo-2",
              title: "Roadmap.pdf",
              type: "file",
              snippet: "Q3: public beta, pricing page, onboarding tour.",
              score: 0.8,
              citation: 2,
            },
          ],
          relevantResultsCount: 2,
        },
        source_id_map: { "1": "demo-1", "2": "demo-2" },
      },
      { chunk: "<think>Looking at the meeting notes and the roadmap.</think>" },
      { chunk: "The team agreed to **ship on the 14th**, with Maya owning the announcement [1]. " },
      { chunk: "The public beta, the pricing page and the onboarding tour follow in Q3 [2]." },
      { follow_up_questions: ["Who owns the onboarding tour?", "What is left before the 14th?"] },
      { end_of_data: true },
    ],
  },
  {
    query: "Summarise my reading list",
    lines: [
      {
        sources: {
          results: [
            {
              id: "demo-3",
              title: "Reading list",
              type: "webpage",
              snippet: "Thinking, Fast and Slow; The Pragmatic Programmer.",
              score: 1,
              citation: 1,
            },
          ],
          relevantResultsCount: 1,
        },
        source_id_map: { "1": "demo-3" },
      },
      { chunk: "Your list holds two books: *Thinking, Fast and Slow* and *The Pragmatic Programmer* [1]." },
      { end_of_data: true },
    ],
  },
];

/** Demo mode is on with `?demo=1` in the address or the `demoMode` local setting. */
export function isDemoMode(search: string): boolean {
  if (new URLSearchParams(search).get("demo") === "1") return true;
  try {
    return localStorage.getItem("demoMode") === "true";
  } catch {
    return false;
  }
}

export function findDemo(query: string): StreamLine[] | null {
  const q = query.trim().toLowerCase();
  return demoQueries.find((d) => d.query.toLowerCase() === q)?.lines ?? null;
}
