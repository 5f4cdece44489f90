import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's layering (docs/decisions.md "Layering"), checked over the source: the HTTP layer
 * (http/ and *routes.ts files) sits on top; services, repos, jobs and providers never import it;
 * and no file imports itself back through a chain of imports.
 */
const src = import.meta.dirname;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" ? [] : files(full);
    return e.name.endsWith(".ts") ? [path.relative(src, full)] : [];
  });
}

const isTest = (f: string) => /\.test\.ts$|(^|\/)test(\/|$)|test-[\w-]+\.ts$|test-helpers?\.ts$/.test(f);
const product = files(src).filter((f) => !isTest(f));

/** Relative imports of a file (static, re-exports and dynamic), resolved to paths under src. */
function importsOf(file: string, typeOnly: boolean): string[] {
  const text = fs.readFileSync(path.join(src, file), "utf8");
  const out: string[] = [];
  const statements =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g;
  for (const m of text.matchAll(statements)) {
    if (m[2] && !typeOnly) continue;
    const spec = m[3] ?? m[4];
    out.push(path.normalize(path.join(path.dirname(file), spec)));
  }
  return out;
}

/** Every cycle met by a depth-first walk, as "a → b → a". */
function findCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, "open");
    stack.push(f);
    for (const to of graph.get(f) ?? []) {
      if (state.get(to) === "open") cycles.push([...stack.slice(stack.indexOf(to)), to].join(" → "));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(f, "done");
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

const isHttp = (f: string) => f.startsWith("platform/http/") || f === "core/auth/middleware.ts" || /routes\.ts$/.test(f);

describe("server layering", () => {
  it("reads the source tree", () => {
    expect(product).toContain("core/access/sql.ts");
  });

  it("services, repos and jobs never import the HTTP layer", () => {
    const offenders = product
      .filter((f) => !isHttp(f) && !f.startsWith("app/"))
      .flatMap((f) =>
        importsOf(f, true)
          .filter(isHttp)
          .map((to) => `${f} → ${to}`),
      );
    expect(offenders).toEqual([]);
  });

  it("route factories, services and jobs take narrow dependencies, not the whole PlatformContext", () => {
    const wide = product
      .filter((f) => !["app/bootstrap.ts", "app/http.ts", "./platform/context.ts"].includes(f))
      .filter((f) => /\(\s*ctx:\s*PlatformContext\b/.test(fs.readFileSync(path.join(src, f), "utf8")));
    expect(wide).toEqual([]);
  });

  it("finds a cycle when there is one (the check is live)", () => {
    const g = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(findCycles(g)).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
  });

  it("has no import cycle (type-only imports included)", () => {
    const graph = new Map(product.map((f) => [f, importsOf(f, true).filter((t) => product.includes(t))]));
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
    expect(findCycles(graph)).toEqual([]);
  });
});
