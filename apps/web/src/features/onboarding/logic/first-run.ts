import { onboarding } from "@mnemo/contracts/constants";
import type { Me } from "@mnemo/contracts";

export type FirstRunScreen = "details" | "onboarding" | "ios" | null;

/**
 * Which first-run screen covers the app (spec 3 §4 Onboarding): free-plan users who have not
 * submitted their details see the blocking details screen; other users without the
 * submitUserDetails flag go through onboarding; afterwards, on iOS, the setup screen shows until
 * hasSetupIOSApp is set. Null: the app itself.
 */
export function firstRunScreen(
  me: Pick<Me, "plan" | "has_details" | "metadata">,
  device: { ios: boolean },
): FirstRunScreen {
  if (!me.metadata.submitUserDetails) {
    return me.plan === "free" && !me.has_details ? "details" : "onboarding";
  }
  if (device.ios && me.metadata.hasSetupIOSApp === undefined) return "ios";
  return null;
}

/** iPhone, iPod, iPad (iPadOS reports a Mac with touch). */
export function isIOSDevice(nav: { userAgent: string; platform?: string; maxTouchPoints?: number }): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === "MacIntel" && (nav.maxTouchPoints ?? 0) > 1)
  );
}

const STEP_KEY = onboarding.currentStepStorageKey;

/** The onboarding step kept in local storage under `currentStep` (1 or 2; 1 when unset). */
export function readCurrentStep(storage: Pick<Storage, "getItem">): 1 | 2 {
  return storage.getItem(STEP_KEY) === "2" ? 2 : 1;
}

export function writeCurrentStep(storage: Pick<Storage, "setItem" | "removeItem">, step: 1 | 2 | null) {
  if (step === null) storage.removeItem(STEP_KEY);
  else storage.setItem(STEP_KEY, String(step));
}

type Row = { status: "idle" | "uploading" | "indexing" | "success" | "errored" | "blocked" };

/**
 * Step 1's Continue (spec 3 §5): disabled unless at least one memory is indexing or success;
 * refused with the spec's message while an upload is in progress or one failed. Someone who
 * joined a shared collection through an invitation needs no memory of their own
 * (`memoryRequired: false`, issue 41); the in-progress and failed refusals still hold.
 */
export function continueState(
  rows: readonly Row[],
  messages: { inProgress: string; failed: string },
  opts: { memoryRequired: boolean } = { memoryRequired: true },
): { enabled: boolean; refusal: string | null } {
  const enabled = !opts.memoryRequired || rows.some((r) => r.status === "indexing" || r.status === "success");
  if (rows.some((r) => r.status === "idle" || r.status === "uploading"))
    return { enabled, refusal: messages.inProgress };
  if (rows.some((r) => r.status === "errored" || r.status === "blocked"))
    return { enabled, refusal: messages.failed };
  return { enabled, refusal: null };
}

const bareUrl = (url: string) => url.replace(/\/+$/, "").toLowerCase();

/**
 * Whether every recommendation is already in the upload list (added before a reload, restored
 * from the server): a web page by its link, a file by its name.
 */
export function samplesListed(
  samples: readonly { url: string | null; filename: string }[],
  rows: readonly { link?: string; title: string; status: string }[],
): boolean {
  const kept = rows.filter((r) => r.status !== "errored" && r.status !== "blocked");
  const links = new Set(kept.flatMap((r) => (r.link ? [bareUrl(r.link)] : [])));
  const titles = new Set(kept.map((r) => r.title));
  return (
    samples.length > 0 &&
    samples.every((s) =>
      s.url ? links.has(bareUrl(s.url)) : titles.has(s.filename.split("/").pop() ?? s.filename),
    )
  );
}
