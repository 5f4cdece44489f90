import { useEffect } from "react";
import { addWelcomeItems } from "../api/welcome";

/**
 * Resumes the welcome items when the account says adding them started and did not finish (a tab
 * closed midway): only the missing ones are added. While another tab still holds them, tries
 * again when its time is up, as long as this page stays open.
 */
export function useResumeWelcomeItems(pending: boolean | undefined) {
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryOnce = () =>
      void addWelcomeItems("resume")
        .then((o) => {
          if (!stopped && o.retryAfterMs) timer = setTimeout(tryOnce, o.retryAfterMs + 1_000);
        })
        .catch(() => undefined);
    tryOnce();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending]);
}
