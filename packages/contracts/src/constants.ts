/**
 * Business constants of the three spec documents (`spec 1` chat and answering, `spec 2` memories
 * and collections, `spec 3` plans, onboarding, integrations, editors). Durations are milliseconds
 * (`…Ms`). Where the spec gives two readings, both are kept and named. Values the spec marks
 * "not shown" (per-plan limit values, preview size limits, page size) are deliberately absent.
 */

const SECOND = 1000;

/** Plan ids (spec 1 §1, spec 3 §1, §6, §9). The desktop app is always treated as team. */
export const plans = {
  ids: ["free", "pro", "team", "ltd_tier_1", "ltd_tier_2", "ltd_tier_3", "ltd_tier_4", "ltd_tier_5"],
  free: "free",
  pro: "pro",
  team: "team",
  lifetimeTiers: ["ltd_tier_1", "ltd_tier_2", "ltd_tier_3", "ltd_tier_4", "ltd_tier_5"],
  /** Top lifetime tier with the white-label (self-labelled) organisation setup. */
  whiteLabel: "ltd_tier_5",
  desktopApp: "team",
  /**
   * The plan of a server's first account, its site administrator: the spec's top tier (spec 3 §1:
   * "a top-tier lifetime plan named ltd_tier_5"), unlimited everywhere, with the white-label setup.
   */
  siteOwner: "ltd_tier_5",
  /** Subscription statuses that count as an active plan unless skip_trial is set (spec 3 §6). */
  activeSubscriptionStatuses: ["trialing", "active"],
} as const;
export type PlanId = (typeof plans.ids)[number];

/**
 * Pricing (spec 3 §2, §9). The spec gives two readings of the yearly discount (-40% in the modal,
 * -50% on the plan screen); a plan has one price, so both surfaces show -40% (docs/decisions.md).
 */
export const pricing = {
  upgradePlans: ["pro", "team"],
  billingModes: ["monthly", "yearly", "lifetime"],
  /** The lifetime card links with plan=team and mode=lifetime. */
  lifetimeLink: { plan: "team", mode: "lifetime" },
  yearlyDiscount: { percent: 40, label: "-40% off" },
  /**
   * Monthly list prices in US dollars. The spec leaves them to "a plan table: not shown"; these
   * are Mnemo's own (docs/decisions.md "Prices"). A yearly price is the monthly one less the
   * yearly discount, wherever it is shown.
   */
  monthlyUsd: { pro: 15, team: 30 },
  lifetimePrice: {
    usd: 495,
    inr: 39999,
    /** Visitors in these time zones see the rupee price. */
    inrTimeZones: ["Asia/Calcutta", "Asia/Kolkata"],
  },
} as const;

/** Viewport breakpoints in px (spec 1 §2, spec 2 §2, spec 3 §2). */
export const breakpoints = {
  /** Under this width counts as mobile in chat, preview, pricing and canvas views. */
  mobileBelowPx: 1024,
  /** This width or less counts as mobile for the upload notification card. */
  notificationMobileMaxPx: 870,
} as const;

/** Chat item and chat input (spec 1 §2, §4, §9). */
export const chat = {
  statuses: ["loading", "streaming", "success", "error", "cancelled"],
  searchTypes: ["web", "apps", "creative"],
  /** Query bubble collapses when over 250 characters or more than 4 lines. */
  longQuery: { maxChars: 250, maxLines: 4 },
  /** Context chips shown before '+n more'. */
  contextChipsVisible: 5,
  /** Source cards default to the relevant count, at most 5. */
  sourceCardsMax: 5,
  /** File name of a chat answer saved as memory is cut to 50 characters. */
  savedMemoryFileNameMaxChars: 50,
  copyConfirmationMs: 2 * SECOND,
  executeMessageClearMs: 10 * SECOND,
  thoughtsCloseAfterThinkingMs: 1 * SECOND,
  /** The stream pause tip shows while the user's pause count is under 2, for 7 s. */
  pauseTip: { maxPauseCountExclusive: 2, durationMs: 7 * SECOND },
  codeHighlightThrottleMs: 750,
  demoResultDelayMs: 5 * SECOND,
  /** Streaming calls: non-auth failures are reported and retried once, then raised. */
  streamRetries: 1,
  /** Agents are selectable only while uses left are above this. */
  agentUsesLeftAbove: 0,
  /** Shared chat path query: /chat/{id}?shared=true&new=true. */
  sharedChatQuery: { shared: "true", new: "true" },
  voteEvents: ["UpvoteQna", "DownvoteQna", "Upvote", "Downvote"],
} as const;

/** Greeting dummy response of a new chat (spec 1 §2, §9; spec 3 §9). */
export const greeting = {
  text: "Hello! How can I help you?",
  delayMs: 1.5 * SECOND,
  wordDelayMs: 65,
} as const;

/**
 * Loading hint line (spec 1 §2, §4, §9). Later steps come every 2 to 6 s; other notes say 4 s or
 * 6 s. Both readings stand.
 */
export const loadingHints = {
  steps: ["understanding", "searching the web", "looking through apps", "searching memories", "compiling"],
  firstStepMs: 3 * SECOND,
  laterStepRangeMs: { min: 2 * SECOND, max: 6 * SECOND },
  laterStepAlternativeMs: [4 * SECOND, 6 * SECOND],
  maxIntegrationsNamed: 10,
} as const;

/** Language models and agents (spec 1 §3, spec 3 §3, §9). */
export const models = {
  defaultModel: "gpt-4o",
  optionTypes: ["llm", "agent"],
  agentIds: ["findr_agent", "research_agent", "social_media_agent", "code_agent", "marketing_agent"],
} as const;

/** Client identification header (spec 1 §7, spec 1 §1). */
export const clientSource = {
  header: "Source",
  desktopApp: "desktop_app",
  webApp: "webapp",
} as const;

/** Auth and token handling (spec 1 §4, §6, §9; spec 3 §8, §9). */
export const auth = {
  /** A token refresh is forced unless one happened within this window. */
  tokenForceRefreshGuardMs: 10 * SECOND,
  unauthorizedError: "unauthorized",
} as const;

/** Memory search and app search (spec 1 §9, spec 2 §4, §5, §7, §9, spec 3 §7, §9). */
export const search = {
  fuzzyThreshold: 0.4,
  fuzzyKeys: ["title", "note", "description", "url"],
  /** Abort reason that cancels outdated searches. */
  staleQueryAbortReason: "staleQuery",
  timeoutMs: 20 * SECOND,
  timeoutRetries: 1,
  appSearchSkeletonRows: 8,
  sortOptions: ["most-relevant", "recent", "oldest"],
} as const;

/**
 * Links dialog (spec 2 §2, §5, §9; spec 3 §5, §9). The spec gives two readings (it holds 4 links,
 * its message says 5): Mnemo holds 5, so the dialog does what its message says (issue 41).
 */
export const links = {
  maxHeldInDialog: 5,
  maxStatedInMessage: 5,
  socialNetworks: ["twitter", "linkedin", "reddit", "tiktok", "facebook", "pinterest"],
  requiredProtocol: "https:",
  videoMaxMinutes: 60,
  uploadSource: "webapp",
  emptyTranscriptWarning: "empty_transcript",
} as const;

/** File picks (spec 2 §5, §9; spec 3 §5, §9). */
export const files = {
  maxPerPick: 10,
  /** Total size limit in MB when the plan is unlimited; otherwise the plan limit in MB. */
  unlimitedTotalSizeMb: 100,
  warningHideMs: 8 * SECOND,
  sourceTypes: ["page", "image", "file"],
  canvasDataTypes: ["canvas", "canvas_screenshot"],
  uploadSuccessStatus: 200,
} as const;

/** Upload items and their progress bar (spec 2 §3, §4, §9; spec 3 §4, §9). */
export const uploads = {
  itemStatuses: ["idle", "uploading", "indexing", "success", "errored", "blocked"],
  progress: {
    capMinPercent: 55,
    capMaxPercent: 80,
    completePercent: 100,
    tickMs: 1 * SECOND,
    hideAfterMs: 300,
  },
  /** Server answer meaning "nothing" for a proactive memory (besides the empty string). */
  proactiveMemoryNone: "none",
  /** Recorded uploads are re-fetched after 5 s. */
  recordedUploadRefetchMs: 5 * SECOND,
} as const;

/** Indexing tracker and upload notification card (spec 2 §4, §9; spec 3 §4, §9). */
export const indexing = {
  statuses: ["in_progress", "success", "errored"],
  pollIntervalMs: 3 * SECOND,
  pollMinGapMs: 3 * SECOND,
  /** Sources refresh at once and again after 6, 12, 20, 30 and 60 s once every item succeeded. */
  refreshScheduleMs: [0, 6 * SECOND, 12 * SECOND, 20 * SECOND, 30 * SECOND, 60 * SECOND],
  clearListAfterMs: 5 * SECOND,
  firstSessionFlag: "isFirstSession",
} as const;

/** Fetch throttles (spec 2 §9, spec 3 §9). */
export const throttles = {
  collectionsFetchMs: 3 * SECOND,
  memoriesFetchMs: 4 * SECOND,
  /** Integrations and Truto refetch. */
  integrationsFetchMs: 5 * SECOND,
  focusRefreshMs: 15 * SECOND,
} as const;

/** Collections (spec 2 §3, §5, §6, §7, §9). */
export const collections = {
  addSourcesBatchSize: 10,
  roles: ["admin", "write", "read"],
  duplicateSourceResult: "duplicate_source",
} as const;

/** Memories, wall tabs and source preview (spec 2 §1–§4, §9; spec 3 §2). */
export const memories = {
  tabs: ["everything", "mindmap", "canvas", "pages", "shared"],
  defaultTab: "everything",
  sourceKinds: ["file", "local_source", "page", "webpage", "web_search", "collection", "image", "canvas"],
  titleEditMaxChars: 45,
  previewHeaderAutoHideMs: 2 * SECOND,
  pageMemoryIntermediateMs: 2 * SECOND,
  attachedFilesVisible: 10,
  attachmentCardsVisible: 3,
  /** The Notes tab shows only for titled items that are not of these types. */
  notesTabExcludedTypes: ["page", "canvas"],
} as const;

/** Page and canvas editors (spec 2 §2, §4, §9; spec 3 §2, §4, §9). */
export const editors = {
  defaultPageTitles: ["Untitled Page", "New Page"],
  pageAutosaveMs: 5 * SECOND,
  canvasAutosaveMs: 5 * SECOND,
  canvasScreenshotScale: 0.5,
  canvasScreenshotFormat: "png",
  canvasTitleFileExtension: ".txt",
} as const;

/**
 * Meeting recording (spec 2 §9, spec 3 §9). Preferred formats in the spec's order and words: the
 * audio container, then the codec when the spec names one ("webm opus" is MediaRecorder's
 * `audio/webm;codecs=opus`).
 */
export const recording = {
  audioBitsPerSecond: 128000,
  chunkIntervalMs: 1 * SECOND,
  microphoneGain: 0.7,
  preferredFormats: ["webm opus", "webm", "mp4", "mpeg", "ogg opus", "wav", "aac"],
  states: ["not recording", "recording", "paused", "transcribing"],
  transcriptSections: ["Summary", "Transcription"],
} as const;

/** Integrations and connected accounts (spec 2 §9, spec 3 §2, §3, §5, §9). */
export const integrations = {
  accountsPerApp: { free: 1, other: 5 },
  authUrlCacheMs: 2 * 60 * SECOND,
  statuses: ["Active", "Coming Soon", "Under Maintenance", "Beta"],
  rowStates: ["Connect", "Upload", "Connected", "Unavailable"],
  callbackQueryParams: ["result", "integration", "error", "error_code"],
  callbackResults: ["success", "error"],
} as const;

/** Onboarding (spec 3 §2, §4, §9). */
export const onboarding = {
  steps: [
    { step: 1, name: "Upload Memories" },
    { step: 2, name: "Connect Apps" },
  ],
  currentStepStorageKey: "currentStep",
  profilePromptDelayMs: 3 * SECOND,
  sessionFlags: ["isFirstSession", "showTutorial"],
} as const;

/** Update banner and announcements (spec 3 §3, §4, §7, §9). */
export const notices = {
  /** New web build check, production only: every 15 minutes. */
  versionCheckIntervalMs: 15 * 60 * SECOND,
  announcementTypes: ["alert", "other"],
  realtimeDocuments: ["app-metadata/updates", "app-metadata/announcements"],
} as const;

/**
 * Sample content for new users (spec 2 §9, spec 3 §5, §9). The two counts are given as seen:
 * 4 recommendations (3 webpages, 1 PDF) and, separately, 8 welcome items of which 6 go to a collection.
 */
export const sampleContent = {
  collectionName: "This is a collection",
  recommendations: { total: 4, webpages: 3, pdfs: 1 },
  welcomeItems: { total: 8, addedToCollection: 6 },
  itemTypes: ["page", "webpage", "image"],
  /** Sample images must download with a status below this. */
  imageDownloadStatusBelow: 400,
} as const;

/** Routes and query parameters (spec 1 §2, spec 2 §2, spec 3 §2). */
export const routes = {
  publicSegment: "/public/",
  dashboardQuery: { showPlans: "showPlans", support: "support" },
  shareTargetQuery: "shared",
  accountMcpsAnchor: "mcps",
  memoryTabQuery: "tab",
} as const;

/** Local storage keys (spec 3 §3). */
export const storageKeys = [
  "plan",
  "isAdmin",
  "userMetaData",
  "theme",
  "findrLLMs",
  "findrAgents",
  "selectedLLM",
  "selectedIntegrations",
  "availableIntegrations",
  "searchModes",
  "prompt",
  "proactive_memory",
  "authUrls",
  "currentStep",
] as const;
