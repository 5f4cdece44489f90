import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's layering (docs/decisions.md "Server tiers" and "Layering"), checked over the
 * source: the tiers platform → core → features → app import only downward; a feature reaches
 * another only through its index.ts; no module imports itself back through other modules (a
 * module: each folder of a tier, each other top-level file or folder); the HTTP layer
 * (platform/http/, the auth middleware and *routes.ts files) sits on top of services, repos and
 * jobs; and no file imports itself back through a chain of imports.
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

const tiers = ["platform", "core", "features", "app"];
const tierOf = (f: string) => tiers.indexOf(f.split("/")[0]!);

/** The module a file belongs to: `core/search`, `features/apps`, `app`, `platform/config.ts` … */
export function moduleOf(f: string): string {
  const parts = f.split("/");
  if (parts[0] === "app") return "app";
  if (tiers.includes(parts[0]!)) return parts.slice(0, 2).join("/");
  return parts[0]!;
}

/** The module graph: an edge for each runtime import between two modules. */
function moduleGraph(): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const f of product)
    for (const to of importsOf(f, false)) {
      if (!product.includes(to) || moduleOf(f) === moduleOf(to)) continue;
      const set = edges.get(moduleOf(f)) ?? new Set<string>();
      set.add(moduleOf(to));
      edges.set(moduleOf(f), set);
    }
  return new Map([...edges].map(([k, v]) => [k, [...v].sort()]));
}

/** Strongly connected sets of a graph (Tarjan), largest first. */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do set.push((w = stack.pop()!));
      while (w !== v);
      out.push(set.sort());
    }
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flat()]);
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

const isHttp = (f: string) =>
  f.startsWith("platform/http/") || f === "core/auth/middleware.ts" || /routes\.ts$/.test(f);

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

  it("imports go only downward through the tiers (type-only imports included)", () => {
    const upward = product
      .filter((f) => tierOf(f) >= 0)
      .flatMap((f) =>
        importsOf(f, true)
          .filter((to) => tierOf(to) > tierOf(f))
          .map((to) => `${f} → ${to}`),
      );
    expect(product.filter((f) => tierOf(f) < 0 && !f.startsWith("security/"))).toEqual([]);
    expect(upward).toEqual([]);
  });

  it("a feature reaches another feature only through its index.ts", () => {
    const deep = product
      .filter((f) => f.startsWith("features/"))
      .flatMap((f) =>
        importsOf(f, true)
          .filter((to) => to.startsWith("features/") && moduleOf(to) !== moduleOf(f))
          .filter((to) => to !== `${moduleOf(to)}/index.ts`)
          .map((to) => `${f} → ${to}`),
      );
    expect(deep).toEqual([]);
  });

  it("finds a module cycle when there is one (the check is live)", () => {
    const g = new Map([
      ["core/a", ["core/b"]],
      ["core/b", ["features/c"]],
      ["features/c", ["core/a"]],
      ["app", ["core/a"]],
    ]);
    expect(stronglyConnected(g)[0]).toEqual(["core/a", "core/b", "features/c"]);
    expect(moduleOf("features/answering/chat/qna.ts")).toBe("features/answering");
    expect(moduleOf("platform/config.ts")).toBe("platform/config.ts");
    expect(moduleOf("app/deps/x.ts")).toBe("app");
  });

  it("has no cycle between modules: each module reaches none that reaches it back", () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(25);
    expect(stronglyConnected(graph).filter((set) => set.length > 1)).toEqual([]);
  });

  it("has no import cycle (type-only imports included)", () => {
    const graph = new Map(product.map((f) => [f, importsOf(f, true).filter((t) => product.includes(t))]));
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
    expect(findCycles(graph)).toEqual([]);
  });
});
