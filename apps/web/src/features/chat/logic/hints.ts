import { loadingHints } from "@mnemo/contracts/constants";

/** Loading hint steps for the active search modes (spec 1 §2, §4), naming up to 10 apps. */
export function hintSteps(modes: string[], integrations: string[] = []): string[] {
  const creative = modes.includes("creative");
  const [understanding, web, apps, memories, compiling] = loadingHints.steps;
  const named = integrations.slice(0, loadingHints.maxIntegrationsNamed);
  const steps: string[] = [understanding];
  if (!creative && modes.includes("web")) steps.push(web);
  if (!creative && modes.includes("apps")) steps.push(named.length ? `${apps}: ${named.join(", ")}` : apps);
  if (!creative) steps.push(memories);
  steps.push(compiling);
  return steps.map((s) => s.charAt(0).toUpperCase() + s.slice(1) + "...");
}

/** Delay before step `i` is shown: the first at 3 s, later ones 2–6 s apart (`random` in [0, 1)). */
export function hintDelay(i: number, random: number): number {
  if (i === 0) return loadingHints.firstStepMs;
  const { min, max } = loadingHints.laterStepRangeMs;
  return Math.round(min + random * (max - min));
}
