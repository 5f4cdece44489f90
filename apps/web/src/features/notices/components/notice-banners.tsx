import { useEffect, useRef } from "react";
import { AlertTriangleIcon, InfoIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useMe, useUpdateMetadata } from "@/features/users";
import { cn } from "@/lib/utils";
import { useAnnouncements } from "../hooks/use-announcements";
import { useDesktopUpdate } from "../hooks/use-desktop-update";
import { useUpdateCheck } from "../hooks/use-update-check";
import { desktopBridge, updateToOffer, type UpdateKind } from "../logic/desktop-bridge";
import { announcementToShow } from "../logic/notices";

/**
 * Update-available banner (spec 3 §2, §4): a newer web build is served (Install now reloads), or the
 * desktop shell has downloaded an update (Install now quits and installs it).
 */
export function UpdateBanner({ update }: { update: UpdateKind | null }) {
  if (!update) return null;
  const install = () => {
    const bridge = update === "desktop" ? desktopBridge() : null;
    if (bridge) bridge.quitAndInstall();
    else window.location.reload();
  };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 border-b bg-primary/10 px-4 py-2 text-sm"
      data-testid="update-banner"
    >
      <RefreshCwIcon className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 flex-1">A new version of Mnemo is available.</span>
      <Button size="sm" onClick={install}>
        Install now
      </Button>
    </div>
  );
}

/**
 * The announcement banner (spec 3 §2): the newest announcement this user has not closed, alert or
 * other. Closing stores its uid as lastClosedAnnouncement, so it stays closed on every device.
 */
export function AnnouncementBanner() {
  const { data: me } = useMe();
  const { data: list } = useAnnouncements();
  const update = useUpdateMetadata();
  const shown = me && list ? announcementToShow(list, me.metadata.lastClosedAnnouncement) : null;
  if (!shown) return null;
  const alert = shown.type === "alert";
  const Icon = alert ? AlertTriangleIcon : InfoIcon;
  return (
    <section
      aria-label="Announcement"
      aria-live={alert ? "assertive" : "polite"}
      data-type={shown.type}
      className={cn(
        "flex items-start gap-2 border-b px-4 py-2 text-sm",
        alert
          ? "bg-amber-500/15 text-amber-950 dark:text-amber-100"
          : "bg-sky-500/10 text-sky-950 dark:text-sky-100",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 whitespace-pre-line">{shown.message}</p>
      <Button
        size="icon"
        variant="ghost"
        className="size-7 shrink-0"
        aria-label="Close announcement"
        disabled={update.isPending}
        onClick={() => update.mutate({ lastClosedAnnouncement: shown.uid })}
      >
        <XIcon className="size-4" />
      </Button>
    </section>
  );
}

/** The CSS variable holding the banners' height; full-height screens subtract it (issue 41). */
const noticesHeightVar = "--notices-height";

/**
 * Both notices, stacked above the signed-in app. Their height is kept in `--notices-height` on the
 * document, so a screen sized to the viewport (the chat) shrinks by it instead of pushing its
 * composer below the fold.
 */
export function NoticeBanners() {
  const webUpdate = useUpdateCheck();
  const desktopUpdate = useDesktopUpdate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(noticesHeightVar, `${el.getBoundingClientRect().height}px`);
    measure();
    // Without ResizeObserver (old browsers, jsdom) the height is measured once.
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(noticesHeightVar);
    };
  }, []);
  return (
    <div ref={ref} className="shrink-0">
      <UpdateBanner update={updateToOffer(webUpdate, desktopUpdate)} />
      <AnnouncementBanner />
    </div>
  );
}
