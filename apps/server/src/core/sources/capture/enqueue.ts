import type { PlatformContext } from "../../../platform/context.ts";

/** Idempotency key of one pipeline pass: the source id and its content version. */
export function ingestKey(sourceId: string, contentVersion: number): string {
  return `${sourceId}@${contentVersion}`;
}

/** Enqueues extraction of one source version (a repeat of the same version is a no-op). */
export async function enqueueExtract(
  ctx: Pick<PlatformContext, "queue" | "log">,
  sourceId: string,
  contentVersion: number,
) {
  await ctx.queue.send(
    "ingest.extract",
    { sourceId, contentVersion },
    { key: ingestKey(sourceId, contentVersion) },
  );
}
