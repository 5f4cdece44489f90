import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Visible after pointer movement, hidden `delayMs` after the last one (the preview header hides
 * after 2 s). Stays visible while `hold` is true (a menu is open or the title is being edited).
 */
export function useAutoHide(delayMs: number, hold: boolean) {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const arm = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), delayMs);
  }, [delayMs]);
  const poke = useCallback(() => {
    setVisible(true);
    arm();
  }, [arm]);
  useEffect(() => {
    if (hold) {
      if (timer.current) clearTimeout(timer.current);
      setVisible(true);
      return;
    }
    arm();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [hold, arm]);
  return { visible: visible || hold, poke };
}
