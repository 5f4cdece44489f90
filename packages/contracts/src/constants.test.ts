import { describe, expect, it } from "vitest";
import * as constants from "./constants.ts";
import {
  auth,
  breakpoints,
  chat,
  collections,
  editors,
  files,
  greeting,
  indexing,
  integrations,
  links,
  loadingHints,
  memories,
  models,
  notices,
  onboarding,
  plans,
  pricing,
  recording,
  sampleContent,
  search,
  throttles,
  uploads,
} from "./constants.ts";
import { specAvailable, specText, stringLeaves } from "./spec-text.test-helper.ts";

const s = (ms: number): number => ms / 1000;

/**
 * Each row renders a spec phrase from the constants; the phrase must occur in the spec verbatim,
 * so a wrong number (or unit) in constants.ts fails here.
 */
const phrases: Array<[string, string]> = [
  ["long query", `over ${chat.longQuery.maxChars} characters or more than ${chat.longQuery.maxLines} lines`],
  ["context chips", `Context chips: ${chat.contextChipsVisible} before '+n more'`],
  ["source cards", `relevant count or at most ${chat.sourceCardsMax}`],
  ["saved file name", `Saved chat memory file name: ${chat.savedMemoryFileNameMaxChars} characters`],
  ["copy", `Copy confirmation: ${s(chat.copyConfirmationMs)} s`],
  ["execute", `Execute message: ${s(chat.executeMessageClearMs)} s`],
  ["thoughts", `Thoughts close: ${s(chat.thoughtsCloseAfterThinkingMs)} s after thinking ends`],
  [
    "pause tip",
    `Pause tip: ${s(chat.pauseTip.durationMs)} s while pause count is under ${chat.pauseTip.maxPauseCountExclusive}`,
  ],
  ["greeting", `Greeting delay ${s(greeting.delayMs)} s, word delay ${greeting.wordDelayMs} ms`],
  ["greeting text", `default greeting '${greeting.text}'`],
  [
    "hints",
    `first step ${s(loadingHints.firstStepMs)} s, later ${s(loadingHints.laterStepRangeMs.min)} to ${s(loadingHints.laterStepRangeMs.max)} s; up to ${loadingHints.maxIntegrationsNamed} integrations named`,
  ],
  [
    "hints alt",
    `(${s(loadingHints.laterStepAlternativeMs[0])} s or ${s(loadingHints.laterStepAlternativeMs[1])} s in other notes; both readings stand)`,
  ],
  ["code throttle", `Code highlight throttle ${chat.codeHighlightThrottleMs} ms`],
  ["token guard", `Token force-refresh guard ${s(auth.tokenForceRefreshGuardMs)} s`],
  ["demo", `Demo delay ${s(chat.demoResultDelayMs)} s`],
  ["search timeout", `Search time-out ${s(search.timeoutMs)} s with one retry`],
  [
    "fuzzy",
    `fuzzy threshold ${search.fuzzyThreshold} over ${search.fuzzyKeys.slice(0, 3).join(", ")} and ${search.fuzzyKeys[3]}`,
  ],
  ["stale", `The abort reason '${search.staleQueryAbortReason}'`],
  ["mobile", `Viewports under ${breakpoints.mobileBelowPx} px count as mobile`],
  ["notification mobile", `screens of ${breakpoints.notificationMobileMaxPx} px width or less`],
  [
    "files",
    `Files per pick: ${files.maxPerPick}. Total size: plan limit in MB, ${files.unlimitedTotalSizeMb} when unlimited. Links held in the link dialog: 4 (message says ${links.maxStatedInMessage})`,
  ],
  ["batch", `Add-to-collection batch: ${collections.addSourcesBatchSize} sources`],
  ["poll", `Indexing poll: every ${s(indexing.pollIntervalMs)} s, minimum gap ${s(indexing.pollMinGapMs)} s`],
  [
    "refresh",
    `immediately, then ${indexing.refreshScheduleMs.slice(1).map(s).join(", ")} s; list cleared after ${s(indexing.clearListAfterMs)} s`,
  ],
  [
    "progress",
    `Progress cap ${uploads.progress.capMinPercent} to ${uploads.progress.capMaxPercent} percent, tick ${s(uploads.progress.tickMs)} s, hide after ${uploads.progress.hideAfterMs} ms. Warning hide: ${s(files.warningHideMs)} s`,
  ],
  ["video", `Video cap: ${links.videoMaxMinutes} minutes`],
  [
    "editor timings",
    `Page autosave: ${s(editors.pageAutosaveMs)} s. Header auto-hide: ${s(memories.previewHeaderAutoHideMs)} s. Page-memory intermediate state: ${s(memories.pageMemoryIntermediateMs)} s`,
  ],
  ["recorded refetch", `re-fetch after ${s(uploads.recordedUploadRefetchMs)} s`],
  [
    "lists",
    `Files list shows first ${memories.attachedFilesVisible}; attachments show first ${memories.attachmentCardsVisible} then '+N more'`,
  ],
  [
    "throttles",
    `collections ${s(throttles.collectionsFetchMs)} s, memories ${s(throttles.memoriesFetchMs)} s, integrations ${s(throttles.integrationsFetchMs)} s, focus-triggered refresh ${s(throttles.focusRefreshMs)} s`,
  ],
  [
    "recording",
    `audio bitrate ${recording.audioBitsPerSecond}, chunks every ${s(recording.chunkIntervalMs)} s, microphone gain ${recording.microphoneGain}`,
  ],
  ["formats", `Preferred formats in order: ${recording.preferredFormats.join(", ")}.`],
  ["title width", `at most ${memories.titleEditMaxChars} characters`],
  ["skeleton", `App search skeleton ${search.appSearchSkeletonRows} rows`],
  [
    "accounts",
    `Free plan connected accounts per app: ${integrations.accountsPerApp.free}; other plans ${integrations.accountsPerApp.other}`,
  ],
  [
    "sample",
    `named '${sampleContent.collectionName}' is created on first sign-up with recommendations (${sampleContent.recommendations.total}: three webpages and one PDF)`,
  ],
  ["discount", `Yearly discount: -${pricing.yearlyDiscount.percent}% (pricing modal)`],
  ["discount labels", `Yearly shows ${pricing.yearlyDiscount.label} in the modal`],
  [
    "lifetime",
    `Lifetime price $${pricing.lifetimePrice.usd}, or ${pricing.lifetimePrice.inr.toLocaleString("en-US")} rupees for visitors in the ${pricing.lifetimePrice.inrTimeZones.join(" or ")} time zones`,
  ],
  [
    "canvas",
    `Autosave for canvas and page: ${editors.canvasAutosaveMs} ms. Canvas screenshot scale ${editors.canvasScreenshotScale}, ${editors.canvasScreenshotFormat}; canvas title files use a ${editors.canvasTitleFileExtension} extension`,
  ],
  [
    "version check",
    `New-version check every 15 min (${notices.versionCheckIntervalMs} ms). Auth URL cache valid ${integrations.authUrlCacheMs / 60000} minutes`,
  ],
  ["profile prompt", `Profile prompt delay ${s(onboarding.profilePromptDelayMs)} s`],
  ["default model", `The default model is ${models.defaultModel}.`],
  ["agents", `Agent recommended by name: ${models.agentIds.join(", ")}.`],
  ["page titles", `Default titles '${editors.defaultPageTitles[0]}' or '${editors.defaultPageTitles[1]}'`],
  ["white label", `Plan ${plans.whiteLabel}. Session flag ${indexing.firstSessionFlag}.`],
  [
    "tabs",
    `Default is ${memories.defaultTab}; ${memories.tabs.slice(1, 4).join(", ")} and ${memories.tabs[4]} also exist`,
  ],
  ["social", `(${links.socialNetworks.join(", ")})`],
];

describe.skipIf(!specAvailable)("constants against the spec text", () => {
  it.each(phrases)("%s", (_name, phrase) => {
    expect(specText.includes(phrase), `not in spec: ${phrase}`).toBe(true);
  });

  /**
   * String constants are spec identifiers and must occur in the spec as written. Exceptions: the
   * MediaRecorder MIME spellings, the URL protocol form, and lifetime tiers 1-4 (the spec names only
   * ltd_tier_5; the project defines the whole tier range).
   */
  const notInSpecText = /mimeType|requiredProtocol|lifetimeTiers|ids\[[3-6]\]/;
  const strings = stringLeaves(constants).filter(([path]) => !notInSpecText.test(path));
  it.each(strings)("%s occurs in the spec", (_path, value) => {
    expect(specText.includes(value), `not in spec: ${value}`).toBe(true);
  });
});

describe("constant relations", () => {
  it("durations are milliseconds", () => {
    expect(chat.copyConfirmationMs).toBe(2000);
    expect(greeting.delayMs).toBe(1500);
    expect(notices.versionCheckIntervalMs).toBe(900_000);
    expect(integrations.authUrlCacheMs).toBe(120_000);
  });

  it("refresh schedule starts at once and only grows", () => {
    const schedule = indexing.refreshScheduleMs;
    expect(schedule[0]).toBe(0);
    expect(schedule.every((v, i) => i === 0 || v > schedule[i - 1])).toBe(true);
  });

  it("progress cap lies under completion", () => {
    expect(uploads.progress.capMinPercent).toBeLessThan(uploads.progress.capMaxPercent);
    expect(uploads.progress.capMaxPercent).toBeLessThan(uploads.progress.completePercent);
  });

  it("keeps both readings where the spec gives two", () => {
    // Links: the spec's two readings (holds 4, says 5) meet at the message's 5 (issue 41).
    expect([links.maxHeldInDialog, links.maxStatedInMessage]).toEqual([5, 5]);
    expect(loadingHints.laterStepAlternativeMs).toEqual([4000, 6000]);
  });

  it("lists every plan id, lifetime tiers 1 to 5 included", () => {
    expect(plans.ids).toEqual(["free", "pro", "team", ...plans.lifetimeTiers]);
    expect(plans.lifetimeTiers).toEqual([1, 2, 3, 4, 5].map((n) => `ltd_tier_${n}`));
    expect(plans.ids).toContain(plans.whiteLabel);
  });

  it("the free plan's extra-account upgrade offer is the difference of the per-app caps", () => {
    expect(integrations.accountsPerApp.other - integrations.accountsPerApp.free).toBe(4);
  });
});
