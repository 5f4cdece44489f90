import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Guards the seam "one authority per rule": the SQL deciding who may read or write a memory or a
 * collection lives in this module only (`sql.ts` and the loaders beside it). A second copy
 * elsewhere is a future leak, so this test fails on one.
 */
const src = path.resolve(import.meta.dirname, "../..");
const here = path.relative(src, import.meta.dirname);

/** Product files (tests, test helpers, schema and migrations are not access decisions). */
function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    const rel = path.relative(src, full);
    if (e.isDirectory())
      return ["test", "platform/db/schema", "platform/db/migrations"].includes(rel) ? [] : productFiles(full);
    return e.name.endsWith(".ts") && !/\.test\.ts$|test-[\w-]+\.ts$/.test(e.name) ? [rel] : [];
  });
}

/** Shapes an access decision takes in SQL. */
const decisions: [string, RegExp][] = [
  ["a grant looked up by the viewer's account", /\bcm\.user_id\s*=/],
  // Grants reach accounts only once bound (issue 12 item 3): matching the e-mail is the old hole.
  ["a grant looked up by the viewer's e-mail", /\bcm\.email\s*=\s*\$\{/],
  // (An invitation's grant is matched to the invitation's own address: that is no viewer's e-mail.)
  [
    "a grant looked up by the viewer's e-mail",
    /collectionMember\.email\s*,\s*(?!collectionInvitation\.)\w+\.email/,
  ],
  ["a role threshold", /role\S*\s+in\s*\(\s*'admin'/i],
  ["own-or-shared", /owner_?id\}?\s*=\s*\$\{[^}]+\}\s+OR\b/i],
];

/** The grant tables may be named outside the authority only where grants are managed. */
const grantTable = /\bcollection_member\b|\bcollectionMember\b/;
const grantManagers = new Set(["features/collections/repo.ts"]);

describe("access SQL lives in one module", () => {
  const files = productFiles(src).filter((f) => !f.startsWith(here + path.sep));

  it("finds the product files", () => {
    expect(files).toContain("core/search/scope.ts");
    expect(files.length).toBeGreaterThan(50);
  });

  it("no other module writes an access decision in SQL", () => {
    const found: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(src, f), "utf8");
      for (const [what, re] of decisions) if (re.test(text)) found.push(`${f}: ${what}`);
      if (grantTable.test(text) && !grantManagers.has(f)) found.push(`${f}: names the grant table`);
    }
    expect(found).toEqual([]);
  });

  it("the authority itself holds each shape (the patterns are live)", () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, "sql.ts"), "utf8");
    for (const [what, re] of decisions.filter(
      ([w, re]) => !re.source.includes("collectionMember") && !w.includes("e-mail"),
    ))
      expect(re.test(text), what).toBe(true);
    // …and no longer matches grants by the viewer's e-mail.
    expect(/\bcm\.email\s*=\s*\$\{/.test(text)).toBe(false);
  });
});
