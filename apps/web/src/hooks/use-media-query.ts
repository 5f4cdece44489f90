import { useSyncExternalStore } from "react";
import { breakpoints } from "@mnemo/contracts/constants";

/** True while the CSS media query matches; follows changes (resizes, rotations). */
export function useMediaQuery(query: string): boolean {
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

/** True under 1024 px, where side panels become separate views and text gets smaller (spec 2 §2). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${breakpoints.mobileBelowPx - 1}px)`);
}

/** 870 px wide or less counts as mobile for the upload notification card (spec 2 §2). */
export function useNotificationMobile(): boolean {
  return useMediaQuery(`(max-width: ${breakpoints.notificationMobileMaxPx}px)`);
}

/**
 * 600 px wide or less: the toaster's phone layout (full-width toasts placed by `mobileOffset`,
 * clear of the top bar and of the bottom strip the upload card and chat input hold).
 */
export const phoneToastQuery = "(max-width: 600px)";
