/**
 * Parses a live result's id `<account id>:<part>:<part>`: the account's UUID, then the two parts,
 * named as in `parts` and each matched whole by its regular-expression source, or by one of a
 * list of words (typed as those words). Undefined when the id does not match, so a forged id
 * never reaches a provider's API.
 */
export function splitResultId<const P extends Record<string, string | readonly string[]>>(
  id: string,
  parts: P,
): ({ accountId: string } & { [K in keyof P]: P[K] extends readonly (infer W)[] ? W : string }) | undefined {
  const names = Object.keys(parts);
  const patterns = Object.values(parts).map((p) => (typeof p === "string" ? p : p.join("|")));
  if (names.length !== 2) throw new Error("A live result id has two parts after its account.");
  const m = new RegExp(`^([0-9a-f-]{36}):(${patterns[0]}):(${patterns[1]})$`).exec(id);
  if (!m) return undefined;
  return { accountId: m[1]!, [names[0]!]: m[2]!, [names[1]!]: m[3]! } as never;
}
