import { useEffect, useState } from "react";
import { notices } from "@mnemo/contracts/constants";
import { checkWebVersion } from "../api/notices";
import { isNewerBuild } from "../logic/notices";

/** This build's version, written by the build beside it (dist/version.json); "dev" in development. */
export const runningBuild: string = import.meta.env.VITE_BUILD_ID ?? "dev";

/**
 * Whether a newer web build is served (spec 3 §4 Update banner): checked every 15 minutes, in
 * production only (`enabled`).
 */
export function useUpdateCheck(
  enabled: boolean = import.meta.env.PROD,
  intervalMs: number = notices.versionCheckIntervalMs,
): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!enabled || available) return;
    const timer = setInterval(() => {
      checkWebVersion()
        .then((served) => isNewerBuild(served, runningBuild) && setAvailable(true))
        .catch(() => undefined);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs, available]);
  return available;
}
