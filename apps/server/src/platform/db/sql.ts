import { sql, type SQL } from "drizzle-orm";

/**
 * A list of strings as ONE `text[]` parameter (a quoted array literal): one bind value instead of
 * hundreds keeps planning cheap, and an empty list is a valid empty array.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}
