/**
 * `--smoke`: every benchmark's smallest size that still runs its real code path end to end (a few
 * items, one or two iterations: seconds, not minutes). `npm test` runs each benchmark so (see
 * bench/smoke.test.ts) so none can rot unnoticed; a smoke run's figures only show that the path
 * works and are not measurements to compare or record. Sizes given explicitly still win.
 */
export function smokeArgs(args: string[]): { smoke: boolean; rest: string[] } {
  const smoke = args.includes("--smoke");
  if (smoke)
    console.log(
      "smoke run: the smallest size that runs the benchmark end to end; its figures are not results",
    );
  return { smoke, rest: args.filter((a) => a !== "--smoke") };
}
