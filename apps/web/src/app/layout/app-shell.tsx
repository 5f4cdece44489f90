import { Outlet } from "react-router";
import { useLocalBoolean } from "@/lib/local-preference";
import { AddMemoryDialog, UploadNotificationCard } from "@/features/upload";
import { ProfileNameDialog, useMe } from "@/features/users";
import { InvitationClaim } from "@/features/collections";
import { PendingRecordings } from "@/features/recording";
import { NoticeBanners } from "@/features/notices";
import { FirstRun, useFirstRunScreen, useResumeWelcomeItems } from "@/features/onboarding";
import { useBranding } from "@/features/org";
import { useLiveUpdates } from "../live-updates";
import { ShareTargetLanding } from "../share-target";
import { DashboardDialogs } from "./dashboard-dialogs";
import { MobileHeader } from "./mobile-header";
import { Sidebar } from "./sidebar";

/** Signed-in frame: sidebar (desktop) or top bar with drawer (under 1024 px), and the screen. */
export function AppShell() {
  const { data: me } = useMe();
  const [expanded, setExpanded] = useLocalBoolean("sidebarExpanded", true);
  // A white-labelled organisation's members see its name and icon (title, favicon, manifest too).
  const brand = useBranding();
  useLiveUpdates();
  // First run (spec 3 §4): the details screen, onboarding or the iOS setup cover the app.
  const firstRun = useFirstRunScreen();
  // Welcome items a closed tab left unadded are added on a later load (once onboarding is done).
  useResumeWelcomeItems(firstRun === null && me?.welcome_items_pending);
  if (firstRun)
    return (
      <>
        <FirstRun screen={firstRun} />
        {/* An invitee's link is claimed at once: onboarding then finishes into the collection. */}
        <InvitationClaim />
        <ProfileNameDialog />
      </>
    );
  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <Sidebar me={me} brand={brand} expanded={expanded} onToggle={() => setExpanded(!expanded)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <NoticeBanners />
        <MobileHeader me={me} brand={brand} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
            <Outlet />
          </div>
        </main>
      </div>
      <DashboardDialogs plan={me?.plan} />
      <ShareTargetLanding />
      <InvitationClaim />
      <ProfileNameDialog />
      <AddMemoryDialog />
      <UploadNotificationCard />
      <PendingRecordings />
    </div>
  );
}
