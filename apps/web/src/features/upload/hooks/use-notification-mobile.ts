import { useSyncExternalStore } from "react";
import { breakpoints } from "@mnemo/contracts/constants";

const query = `(max-width: ${breakpoints.notificationMobileMaxPx}px)`;

/** 870 px wide or less counts as mobile for the upload notification (spec 2 §2). */
export function useNotificationMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = window.matchMedia(query);
      mql.addEventListener("change", cb);
      return () => mql.removeEventListener("change", cb);
    },
    () => window.matchMedia(query).matches,
  );
}
