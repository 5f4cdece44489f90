/** CDP CPU profile of the page while it streams (bench option profile=<file.cpuprofile>). */
import fs from "node:fs";
import type { CDPSession, Page } from "@playwright/test";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  return cdp;
}

/** Stops, writes the profile (open it in Chrome DevTools) and prints the top self-time frames. */
export async function stopProfile(cdp: CDPSession, file: string, top = 25) {
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  fs.writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop() ?? ""}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    if (f.functionName !== "(idle)" && f.functionName !== "(program)") total += dt;
  });
  printBusyStretches(profile, byId);
  console.log(`profile: ${file}; busy ${(total / 1000).toFixed(0)} ms; top self time:`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

function frameKey(n: Node): string {
  const f = n.callFrame;
  return `${f.functionName || "(anonymous)"} ${f.url.split("/").pop() ?? ""}:${f.lineNumber + 1}`;
}

/** Stretches of samples with no idle sample in between longer than 40 ms (≈ long tasks), with their top frames. */
function printBusyStretches(profile: Profile, byId: Map<number, Node>) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = 0;
  let run: { start: number; end: number; ids: number[] } | null = null;
  const flush = () => {
    if (!run || run.end - run.start < 40_000) return;
    const self = new Map<string, number>();
    const incl = new Map<string, number>();
    for (const id of run.ids) {
      const n = byId.get(id)!;
      self.set(frameKey(n), (self.get(frameKey(n)) ?? 0) + 1);
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const k = frameKey(byId.get(cur)!);
        if (seen.has(k)) continue;
        incl.set(k, (incl.get(k) ?? 0) + 1);
        seen.add(k);
      }
    }
    const top = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, c]) => `${k} ×${c}`)
        .join("; ");
    console.log(
      `busy ${((run.end - run.start) / 1000).toFixed(0)} ms at ${(run.start / 1e6).toFixed(2)} s (${run.ids.length} samples)\n  self: ${top(self)}\n  incl: ${[
        ...incl,
      ]
        .filter(([k]) => !k.startsWith("("))
        .sort((a, b) => b[1] - a[1])
        .slice(6, 22)
        .map(([k, c]) => `${k} ×${c}`)
        .join("; ")}`,
    );
  };
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const idle = byId.get(id)?.callFrame.functionName === "(idle)";
    if (idle) {
      flush();
      run = null;
    } else if (run) {
      run.end = t;
      run.ids.push(id);
    } else run = { start: t, end: t, ids: [id] };
  });
  flush();
}
