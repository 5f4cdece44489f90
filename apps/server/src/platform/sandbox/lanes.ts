import type { Config } from "../config.ts";
import { sandboxConcurrency } from "../jobs/memory-guard.ts";
import { sandboxLane } from "./runner.ts";

/**
 * At most this many sandboxed extractions at once per process (`sandboxConcurrency`): at most two,
 * as the extractor keeps two warm processes and a cold one costs ~0.5 s of CPU; one on a 2-core
 * machine or under a small memory limit (each sandbox process holds ~110–130 MB). File
 * extraction and page reading share the lane.
 */
const lanes = new Map<number, ReturnType<typeof sandboxLane>>();
export function extractionSlot(config: Pick<Config, "memoryLimitMb">) {
  const parallel = sandboxConcurrency(config.memoryLimitMb, 2);
  let lane = lanes.get(parallel);
  if (!lane) lanes.set(parallel, (lane = sandboxLane(parallel)));
  return lane;
}
