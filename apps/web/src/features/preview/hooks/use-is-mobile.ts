import { useSyncExternalStore } from "react";
import { breakpoints } from "@mnemo/contracts/constants";

const query = `(max-width: ${breakpoints.mobileBelowPx - 1}px)`;

/** True under 1024 px, where the preview's side panel becomes a separate view (spec 2 §2). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", cb);
      return () => mq.removeEventListener("change", cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
