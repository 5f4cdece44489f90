/**
 * The named properties of an object, as a new object in the order named: the columns a query
 * selects of a Drizzle table (`.select({ ...pick(user, "id", "email") })`), or the fields a
 * presenter passes through unchanged.
 */
export function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}
