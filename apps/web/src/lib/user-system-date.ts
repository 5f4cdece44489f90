/**
 * `user_system_date` for every call that sends it: the browser's local date-time as
 * `Date.toString()` writes it (`Wed Nov 25 2026 00:20:13 GMT+0530 (India Standard Time)`). The
 * server counts a day's usage on the date written here, so the usage shown (`/api/user/stats`) and
 * the usage counted (`/api/qna`) must carry the same local date: an ISO string is the UTC date,
 * which differs from the user's own date for part of every day outside UTC.
 */
export function userSystemDate(now: Date = new Date()): string {
  return now.toString();
}
