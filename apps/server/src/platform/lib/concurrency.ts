/**
 * Bounded concurrency, one implementation for the server: a lane that runs at most `parallel`
 * calls at once, and a map over items with the same bound.
 */

/**
 * At most `parallel` calls of the returned function run at once; up to `queued` wait their turn.
 * Past that a caller that passes `busy` is refused at once (the error it builds) rather than kept
 * waiting: a flood then costs neither memory nor everyone else's latency.
 */
export function concurrencyLane(parallel: number, queued = Number.POSITIVE_INFINITY) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function withSlot<T>(fn: () => Promise<T>, busy?: () => Error): Promise<T> {
    if (running >= parallel && waiting.length >= queued && busy) throw busy();
    while (running >= parallel) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Runs `fn` over `items` with at most `n` at once; the results keep the items' order. */
export async function mapLimit<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
