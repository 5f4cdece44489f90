/** CDP CPU profile of the page while it streams (bench option profile=<file.cpuprofile>). */
import fs from "node:fs";
import type { CDPSession, Page } from "@playwright/test";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
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
  console.log(`profile: ${file}; busy ${(total / 1000).toFixed(0)} ms; top self time:`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}
