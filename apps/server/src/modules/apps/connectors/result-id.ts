/**
 * Parses a live result's id `<account id>:<part>:<part>`: the account's UUID, then the two parts,
 * each matched whole by its regular-expression source. Undefined when the id does not match, so a
 * forged id never reaches a provider's API.
 */
export function splitResultId(
  id: string,
  first: string,
  second: string,
): [accountId: string, first: string, second: string] | undefined {
  const m = new RegExp(`^([0-9a-f-]{36}):(${first}):(${second})$`).exec(id);
  return m ? [m[1]!, m[2]!, m[3]!] : undefined;
}
