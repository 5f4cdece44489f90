import { uploads } from "@mnemo/contracts/constants";

const { capMinPercent, capMaxPercent, completePercent } = uploads.progress;

/** The cap a progress bar grows to while uploading: a random whole percent in [55, 80]. */
export function pickProgressCap(random: () => number): number {
  const span = capMaxPercent - capMinPercent;
  return capMinPercent + Math.min(span, Math.floor(random() * (span + 1)));
}

/**
 * One 1 s tick of an uploading item's bar: grows by a random step (1–10 %) without passing `cap`.
 */
export function growProgress(current: number, cap: number, random: () => number): number {
  if (current >= cap) return current;
  const step = 1 + Math.floor(random() * 10);
  return Math.min(cap, current + step);
}

export type ProgressPhase = "waiting" | "growing" | "complete";

/** Which phase the bar is in for an item status: it grows while uploading, is full once indexing. */
export function progressPhase(status: string): ProgressPhase {
  if (status === "uploading") return "growing";
  if (status === "indexing" || status === "success") return "complete";
  return "waiting";
}

export { completePercent };
