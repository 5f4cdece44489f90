import { useEffect, useState } from "react";
import { uploads } from "@mnemo/contracts/constants";
import { completePercent, growProgress, pickProgressCap, progressPhase } from "../logic/progress";

/**
 * The row's progress bar (spec 2 §4): grows randomly every 1 s up to a cap between 55 and 80 %
 * while uploading, jumps to 100 on indexing or success, and hides 300 ms later.
 */
export function useUploadProgress(status: string): { percent: number; visible: boolean } {
  const phase = progressPhase(status);
  const [cap] = useState(() => pickProgressCap(Math.random));
  const [percent, setPercent] = useState(0);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (phase !== "growing") return;
    const id = setInterval(
      () => setPercent((p) => growProgress(p, cap, Math.random)),
      uploads.progress.tickMs,
    );
    return () => clearInterval(id);
  }, [phase, cap]);

  useEffect(() => {
    if (phase !== "complete") return;
    setPercent(completePercent);
    const id = setTimeout(() => setHidden(true), uploads.progress.hideAfterMs);
    return () => clearTimeout(id);
  }, [phase]);

  const visible = !hidden && (phase === "growing" || phase === "complete" || status === "idle");
  return { percent: phase === "complete" ? completePercent : percent, visible };
}
