/**
 * Dates stated in a sentence (pure), for a brief's timeline (issue 45): an ISO date (2016-02-07),
 * a day and month with a year in English ("February 7, 2016", "7 February 2016"), a month and year
 * ("February 2016"), and a year a preposition or bracket introduces ("in 1998", "(1998)",
 * "the 1990s"). A bare number is never a year on its own: "1998 people" is not a date.
 */

export type FoundDate = {
  /** Sortable: YYYY, YYYY-MM or YYYY-MM-DD. */
  date: string;
  /** The words as written. */
  text: string;
  start: number;
};

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH =
  "(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?";
const YEAR = "(1[0-9]{3}|20[0-9]{2})";

const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
const two = (n: number) => String(n).padStart(2, "0");
const validDay = (d: number) => d >= 1 && d <= 31;

type Rule = { re: RegExp; date: (m: RegExpExecArray) => string | null };

const RULES: Rule[] = [
  {
    re: /(?<![\d-])(1[0-9]{3}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\d])/g,
    date: (m) => `${m[1]}-${m[2]}-${m[3]}`,
  },
  {
    // February 7, 2016 / Feb. 7 2016
    re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+${YEAR}\\b`, "g"),
    date: (m) => (validDay(Number(m[2])) ? `${m[3]}-${two(monthOf(m[1]))}-${two(Number(m[2]))}` : null),
  },
  {
    // 7 February 2016 / 7th of February 2016
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\s*,?\\s+${YEAR}\\b`, "g"),
    date: (m) => (validDay(Number(m[1])) ? `${m[3]}-${two(monthOf(m[2]))}-${two(Number(m[1]))}` : null),
  },
  {
    // February 2016 / February of 2016
    re: new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?${YEAR}\\b`, "g"),
    date: (m) => `${m[2]}-${two(monthOf(m[1]))}`,
  },
  {
    // in 1998, since 2004, (1998), the 1990s
    re: new RegExp(
      `(?:\\b(?:in|since|by|from|until|till|during|before|after|around|circa|c\\.|early|late|mid|year|of|the)\\s+|\\()${YEAR}(s)?(?![\\d,.]\\d|\\s*%)\\b`,
      "gi",
    ),
    date: (m) => m[1],
  },
];

/** The dates of one sentence in their order; an overlapping later rule's match is dropped. */
export function findDates(sentence: string): FoundDate[] {
  const out: FoundDate[] = [];
  const taken: [number, number][] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(sentence); m; m = rule.re.exec(sentence)) {
      const date = rule.date(m);
      if (!date) continue;
      // The date's own words, without the preposition that introduced a bare year.
      const year = /\d{4}s?/.exec(m[0]);
      const inner = rule === RULES[4] && year ? m.index + year.index : m.index;
      const end = m.index + m[0].length;
      if (taken.some(([s, e]) => inner < e && s < end)) continue;
      taken.push([inner, end]);
      out.push({ date, text: sentence.slice(inner, end), start: inner });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
