/**
 * Which day a usage counter belongs to. Counters reset at the user's local midnight: the day is the
 * calendar date the client wrote in `user_system_date` (its local date-time), trusted only within
 * one day of the UTC date (time zones span UTC−12 … UTC+14), else the UTC date. See decisions.md.
 */

const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_MS = 24 * 60 * 60 * 1000;

function iso(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * The local calendar date written in a client date string, or undefined. Understands ISO 8601
 * (`2025-03-01T23:30:00+05:30`, `2025-03-01`) and JavaScript's `Date.toString()`
 * (`Sat Mar 01 2025 23:30:00 GMT+0530 (India Standard Time)`).
 */
export function localDateOf(userSystemDate: string): string | undefined {
  const s = userSystemDate.trim();
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(s);
  if (isoMatch) return iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
  const jsMatch = /^(?:[A-Za-z]{3},?\s+)?([A-Za-z]{3})[a-z]*\s+(\d{1,2}),?\s+(\d{4})\b/.exec(s);
  if (jsMatch) {
    const month = months.indexOf(jsMatch[1].toLowerCase()) + 1;
    if (month > 0) return iso(Number(jsMatch[3]), month, Number(jsMatch[2]));
  }
  return undefined;
}

/** The usage day (YYYY-MM-DD) for a request at `now`, given the client's optional local date. */
export function usageDay(now: Date, userSystemDate?: string | null): string {
  const utc = now.toISOString().slice(0, 10);
  if (!userSystemDate) return utc;
  const local = localDateOf(userSystemDate);
  if (!local) return utc;
  const gap = Math.abs(Date.parse(local) - Date.parse(utc));
  return gap <= DAY_MS ? local : utc;
}
