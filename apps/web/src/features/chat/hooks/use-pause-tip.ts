import { useEffect, useState } from "react";
import { chat as chatConstants } from "@mnemo/contracts/constants";

/**
 * The stream pause tip (spec 1 §2): shown for 7 s when an answer starts streaming, while the user
 * has paused fewer than twice, and never past the end of the stream; `hide` takes it away at once
 * (Stop was pressed).
 */
export function usePauseTip(streaming: boolean, enabled: boolean, pauses: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!streaming || !enabled || pauses >= chatConstants.pauseTip.maxPauseCountExclusive) return;
    setShown(true);
    const t = setTimeout(() => setShown(false), chatConstants.pauseTip.durationMs);
    // An answer that ended (or was stopped) has nothing left to pause: the tip goes with it.
    return () => {
      clearTimeout(t);
      setShown(false);
    };
  }, [streaming, enabled, pauses]);
  return { shown, hide: () => setShown(false) };
}
