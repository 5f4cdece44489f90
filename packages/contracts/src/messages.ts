/**
 * User-facing messages of the three spec documents, word for word (error catalogues §8, validation
 * rules §5 and other quoted UI strings). Messages with placeholders are typed functions. Import
 * from here; never retype a message. Strings the spec leaves unworded are marked "composed".
 */
import { editors, files as fileLimits, links as linkLimits } from "./constants.ts";

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** Chat and answering: limits, tools and chat UI (spec 1 §2, §4, §5, §8). */
export const chatMessages = {
  webSearchLimit:
    "Daily web search limit reached. Turn off web search or upgrade your plan to get unlimited searches.",
  appSearchLimit:
    "Daily copilot app search limit reached. Turn off app search or upgrade your plan to get unlimited searches.",
  /** Variant reading of the app search limit; the spec abbreviates its tail as '...', so the tail is taken from `appSearchLimit`. */
  appSearchLimitVariant:
    "Daily app search limit reached. Turn off app search or upgrade your plan to get unlimited searches.",
  agenticSearchLimit: "Daily agentic search limit reached. Upgrade your plan to get more searches.",
  /** Shown when the server says free users can perform only a limited number of searches. */
  searchLimit: "Daily search limit reached. Upgrade your plan to get unlimited searches.",
  /** An error text starting with this prefix shows an Upgrade link instead of Retry. */
  copilotLimitPrefix: "Daily Copilot limit reached.",
  /**
   * Server text of the free daily question limit. Composed: the spec gives only its start (the
   * prefix above) and its sense ("free users can perform only a limited number").
   */
  copilotDailyLimit: (p: { n: number }): string =>
    `Daily Copilot limit reached. Free users can perform only ${p.n} ${plural(p.n, "search", "searches")} per day.`,
  enterModifications: "Please enter your modifications",
  modificationsFailed: "Failed to process your modifications",
  savePageFromChatFailed: "Failed to upload page from chat",
  sendEmailFailed: "Failed to send email",
  /** 'Failed to send email' with the server message when present (composed as "…: {message}"). */
  sendEmailFailedWith: (p: { serverMessage?: string | null }): string =>
    p.serverMessage ? `Failed to send email: ${p.serverMessage}` : "Failed to send email",
  emailSent: "Email sent successfully",
  noDataReturned: "No data returned",
  /** A visitor's follow-up on a public chat once its owner's daily questions are spent (composed). */
  publicChatDailyLimit:
    "This shared chat cannot answer more questions today: its owner's daily limit is reached. Please try again tomorrow.",
  executing: "Executing...",
  modifying: "Modifying...",
  inputPlaceholder: "Ask your question here...",
  pageInputPlaceholder: "Plan, ask, write anything...",
  addContext: "@ Add Context",
  modelUnavailable: "Temporarily unavailable",
  loadingModels: "Loading LLMs...",
  agentRoutingHeading: "What's your choice?",
  copyMarkdown: "Copy markdown",
  copyPlainText: "Copy plain text",
  saveAsMemory: "Save as memory",
  regenerate: "Regenerate",
  similarQuestions: "Similar Questions",
  doNotShowAgain: "Do not show again",
  /** Short UI labels of the chat item, input and toolbar (spec 1 §2, §4). */
  labels: {
    expand: "Expand",
    hide: "Hide",
    viewMore: "View more",
    viewLess: "View less",
    thoughts: "Thoughts",
    thinking: "Thinking",
    memories: "Memories",
    selectAll: "Select All",
    clear: "Clear",
    addMore: "Add more",
    modify: "Modify",
    execute: "Execute",
    upgrade: "Upgrade",
    retry: "Retry",
  },
  /** '{n} more memory/memories' under the sources row. */
  moreMemories: (p: { n: number }): string => `${p.n} more ${plural(p.n, "memory", "memories")}`,
  /** '+n more' after the first context chips. */
  moreContext: (p: { n: number }): string => `+${p.n} more`,
} as const;

/** Links (spec 2 §4, §5, §8; spec 3 §5, §8). */
export const linkMessages = {
  invalidUrl: "Invalid URL.",
  enterValidUrl: "Enter a valid URL.",
  insecureUrl: "Please use a secure URL to save content.",
  youtubePlaylistOrChannel:
    "Please include the individual YouTube video links instead of the playlist or channel link.",
  directFileLink: "Please download the file and upload it as a file instead of a link.",
  linkAlreadyExists: "Link already exists.",
  /** Composed: the spec gives only the number the message states (5), not its wording. */
  tooManyLinks: `You can add up to ${linkLimits.maxStatedInMessage} links at a time.`,
  /** Raised when a share-target link is invalid; the shared upload is abandoned. */
  invalidSharedUrl: "Invalid url",
  videoTooLong: "Saving upto 60 mins. Upgrade to save longer videos",
  webpageNotResponding: "Webpage not responding. Use the chrome extension to save it.",
  /** Composed (issue 41): the site answered 404 or 410 for the link; the page does not exist. */
  pageNotFound: "Page not found. The site says this page does not exist: check the link.",
  noTranscript: "No transcript found.",
  /** Composed: the spec describes a browser-extension hint for social-network links without wording. */
  socialNetworkHint: (p: { network: string }): string =>
    `Use the browser extension to save ${p.network} links.`,
  /** Composed: a screenshot asked of a local, private or unresolvable address (issue 12 item 4). */
  screenshotAddressRefused: "Screenshots are taken of public web pages only.",
} as const;

/** Mail Mnemo sends (composed: the spec words no mail). */
export const mailMessages = {
  invitationSubject: (p: { inviter: string; name: string }): string =>
    `${p.inviter} shared the collection "${p.name}" with you on Mnemo`,
  invitationText: (p: { inviter: string; name: string; url: string }): string =>
    `${p.inviter} shared the collection "${p.name}" with you.\n\nOpen this link to join it (it works once, for 14 days):\n${p.url}\n`,
  verificationSubject: "Confirm your e-mail address for Mnemo",
  existingAccountSubject: "Someone tried to create a Mnemo account with your address",
  existingAccountText: (p: { signInUrl: string }): string =>
    `Someone (perhaps you) tried to create a Mnemo account with this e-mail address, which already has one. No new account was made.\n\nIf it was you, sign in here:\n${p.signInUrl}\n\nIf it was not you, you can ignore this mail.\n`,
  /** Composed (issue 46): the owner's notice that wrong passwords throttle sign-in to the account. */
  signInThrottledSubject: "Wrong passwords were tried on your Mnemo account",
  signInThrottledText: (p: { failures: number; signInUrl: string }): string =>
    `Someone (perhaps you) typed a wrong password for this e-mail address ${p.failures} times in a row. Your account is not locked: the devices you have signed in from before still get in with your password, and other devices now wait a little longer after each wrong one.\n\nIf it was you, sign in here:\n${p.signInUrl}\n\nIf it was not you, no one got in. If you think someone knows your password, change it in Settings after signing in.\n`,
  verificationText: (p: { url: string }): string =>
    `Open this link to confirm your e-mail address (it works for 24 hours):\n${p.url}\n\nCollections shared with this address become yours once it is confirmed.\n`,
} as const;

/** Files (spec 2 §5, spec 3 §5). */
export const fileMessages = {
  /**
   * '{n} files queued for upload. {m} file(s) was/were discarded. Only 10 files can be uploaded at a
   * time.' Composed choice: singular/plural on both counts ('1 file queued', '1 file was discarded').
   */
  filesDiscardedCount: (p: { queued: number; discarded: number }): string =>
    `${p.queued} ${plural(p.queued, "file", "files")} queued for upload. ` +
    `${p.discarded} ${plural(p.discarded, "file was", "files were")} discarded. ` +
    `Only ${fileLimits.maxPerPick} files can be uploaded at a time.`,
  /**
   * '... discarded as it would exceed the {limit}MB total size limit.' The spec elides the start;
   * composed choice: the discarded file's name followed by 'was', i.e.
   * 'big.pdf was discarded as it would exceed the 100MB total size limit.'
   */
  fileDiscardedSize: (p: { name: string; limitMb: number }): string =>
    `${p.name} was discarded as it would exceed the ${p.limitMb}MB total size limit.`,
  invalidFileType: "Upload failed, invalid file type.",
  /** The spec's message with the refused file's name (issue 41: a pick of many names the one refused). */
  invalidFileTypeOf: (p: { name: string }): string => `Upload failed, invalid file type: ${p.name}.`,
  nonAsciiFilename: (p: { name: string }): string =>
    `Failed to upload ${p.name}. Filename contains invalid ASCII characters.`,
  dailyUploadLimit: (p: { n: number }): string =>
    `Daily upload limit reached. You can upload a maximum of ${p.n} files per day on the Free plan. Upgrade your plan for unlimited uploads.`,
  planExhausted: (p: { plan: string }): string =>
    `You have exhausted the ${p.plan} plan. Upgrade for unlimited file uploads.`,
  /**
   * Composed (issue 41): a file pick larger than the uploads left today, refused before anything is
   * queued (the daily cap of the plan is named).
   */
  batchOverUploadLimit: (p: { picked: number; left: number; limit: number; plan: string }): string =>
    `${p.picked} files picked, but only ${p.left} of your ${p.limit} daily uploads on the ${p.plan} plan are left today. Pick at most ${p.left}, or upgrade your plan for unlimited uploads.`,
  folderUploads: "Folder uploads will be available soon.",
} as const;

/** Uploads, onboarding continue and the notification card (spec 2 §2, §5, §8; spec 3 §2, §5, §8). */
export const uploadMessages = {
  uploadFailed: "Failed to upload memory. Please try again.",
  duplicateMemory: "Memory already exists. Duplicate uploads are not allowed.",
  backgroundUpload: "Uploading memories in the background. You'll be notified once it's done.",
  uploadInProgress: "Please wait while the upload is in progress.",
  someUploadsFailed:
    "Some uploads did not complete successfully. Please reupload the failed memories or remove them to continue.",
  itemFailed: "Something went wrong. Retry uploading the document.",
  /**
   * Composed (issue 43): why a synced or imported file did not index, in words a user can act on
   * (an upload keeps itemFailed). `fileDamaged` names the kind: 'This PDF could not be read: …'.
   */
  fileDamaged: (p: { kind: string }): string => `This ${p.kind} could not be read: the file is damaged.`,
  fileEmpty: "This file is empty.",
  fileOverLimit: (p: { limitMb: number }): string =>
    `This file is larger than the ${p.limitMb} MB this server indexes.`,
  fileTooBigToRead: "This file is too large for this server to read (too many pages, entries or pixels).",
  fileTypeUnsupported: "This file type is not supported.",
  filePasswordProtected: "This PDF is password-protected. Remove the password to index it.",
  fileTookTooLong: "This file took too long to read on this server.",
  /** Not in the spec (issue 24): the indexing status while the memory guard holds heavy jobs back. */
  indexingPausedForMemory:
    "Indexing is paused: the server is near its memory limit. It resumes on its own when memory frees up.",
  selectAtLeastOneMemory: "Please select at least one memory.",
  uploadModalTitle: "Upload your memories",
  saveMemories: "Save Memories",
  /**
   * Composed (issue 41): a shared row that reached the server, in the share-target dialog before
   * Save Memories (the spec's pending share is idle, then uploading: not yet "Added").
   */
  readyToSave: "Ready to save",
  skip: "Skip",
  tiles: ["Add Links", "Upload Files", "Record Meetings", "Take Notes", "Integrations"],
  /** The Integrations tile label when not inside a collection. */
  appIntegrationsTile: "App Integrations",
  addExistingMemories: "Add Existing Memories",
  addExistingMemoriesHeading: "Add memories to this collection",
  notificationFirstSession: "Preparing your memory wall",
  notificationAdding: (p: { n: number }): string =>
    `Adding ${p.n} ${plural(p.n, "memory", "memories")} to the wall`,
  /** 'Added X of N memories to the wall' — the spec writes 'memories' for every N. */
  notificationAdded: (p: { done: number; total: number }): string =>
    `Added ${p.done} of ${p.total} memories to the wall`,
  /** Title of the details dialog: 'Added X of N memories'. */
  notificationDialogTitle: (p: { done: number; total: number }): string =>
    `Added ${p.done} of ${p.total} memories`,
  viewMemories: "View memories",
  close: "Close",
  statusLabels: { in_progress: "In progress", success: "Success", errored: "Failed" },
} as const;

/** Collections (spec 2 §2, §5, §8; spec 3 §8). */
export const collectionMessages = {
  nameRequired: "Name is required.",
  nameExists: "A collection with this name already exists.",
  /** "You've reached your {plan} plan's limit of {n} collection(s)." — singular for n = 1. */
  collectionLimitReached: (p: { plan: string; n: number }): string =>
    `You've reached your ${p.plan} plan's limit of ${p.n} ${plural(p.n, "collection", "collections")}.`,
  /** Adding memories while the collection count exceeds the plan limit (spec wording, always plural). */
  collectionLimitExceeded: (p: { plan: string; n: number }): string =>
    `You've reached the ${p.plan} plan's limit of ${p.n} collections. To add more memories, please reduce your collections to ${p.n} or upgrade your account.`,
  duplicateInCollection: "Memory already exists in this collection.",
  /** Server text meaning a duplicate add (besides the result duplicate_source). */
  serverDuplicateInCollection: "Document already exists in this collection.",
  addFailed: "Failed to add memory to collection. Please try again.",
  /** '1 memory has been added to X collection.' / '3 memories have been added to X collection.' */
  addedToCollection: (p: { n: number; name: string }): string =>
    `${p.n} ${plural(p.n, "memory has", "memories have")} been added to ${p.name} collection.`,
  createFailed: "Failed to create collection. Please try again.",
  viewOnly: "(View only)",
  createNewCollection: "Create New Collection",
  /** Create new collection modal labels (spec 2 §2). */
  createModal: { name: "Collection name", description: "Description", cancel: "Cancel", create: "Create" },
  /** Composed (issue 12 item 3): an invitation link that is unknown, expired, revoked or used. */
  invitationInvalid: "This invitation link is invalid, has expired or has already been used.",
  /** Composed: the share dialog's button when the server sends no mail. */
  copyInvitationLink: "Copy invitation link",
  /** Composed: shown after the link is copied. */
  invitationLinkCopied: "Invitation link copied.",
  /** Composed: the share dialog's note when invitations were mailed. */
  invitationsMailed: "An invitation has been e-mailed.",
  /** Composed: after opening an invitation link. */
  invitationAccepted: (p: { name: string }): string => `You now have access to ${p.name}.`,
  /**
   * Composed (issue 41): the sign-in and sign-up pages opened from an invitation link name the
   * collection and who shared it (the sharer unnamed when the server knows no name).
   */
  invitedYou: (p: { inviter: string | null; name: string }): string =>
    p.inviter
      ? `${p.inviter} invited you to the collection "${p.name}".`
      : `You were invited to the collection "${p.name}".`,
  addMemory: "Add memory",
  addedToMemories: "Added to memories",
  /**
   * Composed (issue 41): an imported item whose folder could not become a collection (the reason
   * is the plan's limit message); the item is still saved to the wall.
   */
  importedWithoutCollection: (p: { name: string; reason: string }): string =>
    `Saved to the wall without the collection "${p.name}": ${p.reason}`,
} as const;

/** Source preview, titles, notes and pages (spec 2 §2, §8; spec 3 §8). */
export const previewMessages = {
  somethingWentWrong: "Something went wrong!",
  tooLarge: "Preview not available as the document is too large.",
  notAvailableRetry: "Preview not available. Please try again or re-add this memory.",
  cannotPreview: "This document cannot be previewed. Download it instead.",
  previewsNotAvailable: "Previews not available",
  couldNotLoad: "Couldn't load preview.",
  connectAppForContent: (p: { app: string }): string =>
    `Please connect the ${p.app} app to view the full content.`,
  notAvailable: "Preview not available.",
  readerModeUnavailable: "Reader mode is not available for this webpage.",
  failedToLoadDocument: "Failed to load document. Please contact support",
  contactSupport: "Something went wrong. Contact support",
  processing: "Processing....",
  titleEditFailed: "Failed to edit source title. Please try again.",
  descriptionUpdateFailed: "Failed to update description. Please try again.",
  noteSaveFailed: "Failed to save note. Please try again.",
  pageSaveFailed: "Failed to save page. Please try again.",
  viewAllFiles: "View all files",
  /** '+N more' after the first attachment cards. */
  moreAttachments: (p: { n: number }): string => `+${p.n} more`,
  saveChanges: "Save Changes",
  /** Composed (issue 41): the Notes tab's note or description was saved. */
  changesSaved: "Changes saved.",
  /** Composed (issue 41): why the title's ✓ is disabled while the title is empty. */
  titleRequired: "A title is required.",
  savePage: "Save Page",
  defaultPageTitle: editors.defaultPageTitles[0],
  newPageTitle: editors.defaultPageTitles[1],
  /** Composed (issue 41): a new page with no text and no title of its own is not saved. */
  emptyPage: "Write something first: an empty note is not saved.",
  /** Composed (issue 41): the page is over the server's request limit; its text stays in the editor. */
  pageTooLarge: (p: { limitMb: number }): string =>
    `This note is too large to save as a page: this server takes at most ${p.limitMb} MB. Your text is kept here: save it as a text file memory instead.`,
  /** Composed (issue 41): the button that saves a too-large note as a Markdown file memory. */
  saveAsTextFile: "Save as text file",
  /** Composed (issue 41): the note went in as a text file memory. */
  savedAsTextFile: "Saved as a text file memory.",
  /** Composed (issue 41): the button that closes a note that could not be saved, dropping its text. */
  discardNote: "Discard note",
} as const;

/** App search (spec 2 §2, §8; spec 3 §8). */
export const appSearchMessages = {
  searchIn: (p: { app: string }): string => `Search in ${p.app}`,
  /** Full reading (spec 2 §8), shown with a contact-support link. */
  couldNotConnect: (p: { app: string }): string =>
    `Couldn't connect to ${p.app}. Please reconnect and try again. If the issue persists, please contact support.`,
  /** Short reading (spec 3 §8), followed by a contact-support link. */
  couldNotConnectShort: (p: { app: string }): string =>
    `Couldn't connect to ${p.app}. Please reconnect and try again.`,
  noResults: "No results found.",
  noAppsConnected: "You haven't connected any apps yet.",
  /** Composed: under an answer whose selected apps could not be searched (spec 1 §2 Apps picker). */
  notSearched: (p: { apps: string }): string =>
    `Not searched: ${p.apps} (not connected). Connect it in Settings to include it.`,
  startConnecting: "Start connecting",
  sortLabels: { "most-relevant": "Most relevant", recent: "Recent", oldest: "Oldest" },
} as const;

/** Meeting recording and transcription (spec 2 §8; spec 3 §8). */
export const recordingMessages = {
  micPermissionRequired: "Microphone permission is required to record audio.",
  browserUnsupported: "Your browser does not support audio recording. Please try a different browser.",
  basicMode: "Recording started with basic mode due to browser limitations",
  noInputDevices: "No audio input devices were found.",
  notActive: "Cannot stop/pause/resume: recording not active",
  transcriptionFailed: "Transcription failed. Please try again.",
  addTranscriptionFailed: "Failed to add transcription. Please try again.",
  processRecordingFailed: "Failed to process recording",
  /** Composed (no provider configured): the recording is kept, nothing is invented. */
  notConfigured:
    "Transcription is not configured on this server. Your recording is saved; an administrator can set TRANSCRIPTION_BASE_URL to turn it on.",
  /** Composed: a 0-byte upload. */
  emptyRecording: "The recording is empty. Nothing was recorded.",
  /** Composed: a file whose content is not audio. */
  notAudio: "This file is not an audio recording.",
  /** Composed: over the server's limit. */
  tooLarge: (p: { limitMb: number }): string => `The recording is larger than ${p.limitMb}MB.`,
  /**
   * Composed (the spec names no transcription limit): the plan's daily minutes are used up. Worded
   * like the spec's daily upload limit; the recording itself is kept.
   */
  dailyLimit: (p: { minutes: number; plan: string }): string =>
    `Daily transcription limit reached. You can transcribe up to ${p.minutes} minutes of audio per day on the ${p.plan} plan. Upgrade your plan to transcribe more. Your recording is saved.`,
  /** Composed: the recorder's state label while the audio is uploaded and transcribed. */
  transcribing: "Transcribing…",
  /** Composed: shown when the browser offers no recording format (spec 3 §8: wording not shown). */
  noCompatibleFormat: "Your browser cannot record audio in any supported format.",
  /** Composed: the permission-denied hint for microphone and tab audio (spec 3 §8). */
  permissionHint:
    "Allow microphone access in your browser's site settings (the icon in the address bar), then try again. Tab audio needs 'Share tab audio' ticked.",
} as const;

/** Canvas editor (spec 3 §2, §4, §8). */
export const canvasMessages = {
  missingPreviewOrEditor: "Cannot save - missing preview or editor",
  addShape: "Cannot save - please add a shape to the canvas",
  saveFailed: (p: { reason: string }): string => `Failed to save canvas: ${p.reason}`,
  /** Upload-stage reasons for `saveFailed` (the spec names the stages; wording composed from them). */
  saveFailureReasons: {
    uploadUrls: "failed to generate upload URLs",
    fileUpload: "failed during file upload",
    verify: "failed to verify upload",
    uploadStatus: (p: { status: number }): string => `canvas or text upload failed with status ${p.status}`,
  },
  notFound: "Canvas not found. Please check if the canvas exists.",
  loadContentFailed: "Failed to load canvas content. Please try again.",
  loadError: "An error occurred while loading the canvas.",
  savedChanges: "Saved changes",
  loading: "Loading canvas",
  saveDialogTitle: "Save changes?",
  dontSave: "Don't save",
  saveChanges: "Save changes",
  retry: "Retry",
} as const;

/** Integrations and connected accounts (spec 3 §2, §5, §8). */
export const integrationMessages = {
  /**
   * Composed (issue 43): an account row's sync status when some of its files failed to index,
   * e.g. 'Synced 5 minutes ago with 3 problems · 6 memories'.
   */
  syncedWithProblems: (p: { when: string; problems: number; memories: number }): string =>
    `Synced ${p.when} with ${p.problems} ${plural(p.problems, "problem", "problems")} · ` +
    `${p.memories} ${plural(p.memories, "memory", "memories")}`,
  connectFailed: "Failed to connect application. Please try again.",
  removeFailed: (p: { title: string }): string => `Failed to remove ${p.title}. Please try again!`,
  reconnectFailed: (p: { title: string }): string => `Failed to reconnect ${p.title}. Please try again!`,
  removed: (p: { title: string }): string => `${p.title} removed successfully.`,
  /** Free plan at its 1 account per app; the 4 is the difference to the 5 of other plans. */
  maxAccountsFree: (p: { app: string }): string =>
    `Maximum ${p.app} accounts connected. Upgrade to Pro to add 4 more accounts.`,
  unlimitedIntegrationsUpgrade: "Upgrade to Pro to add unlimited integrations.",
  maxAccounts: (p: { app: string }): string => `Maximum ${p.app} accounts connected.`,
  tokenInvalid: "Connection failed. The token seems to be invalid. Please try again.",
  connectAccountFailed: (p: { app: string }): string =>
    `Failed to connect your ${p.app} account. Please try again.`,
  /** Reconnect (issue 43, ours): the credentials sign in, but to another account than the row's. */
  reconnectOtherAccount: (p: { title: string }): string =>
    `These details sign in to another account, not ${p.title}. Connect it as a new account instead.`,
  /** Reconnect succeeded (ours): the same account, new credentials, a sync queued. */
  reconnected: (p: { title: string }): string => `${p.title} reconnected. A sync has started.`,
} as const;

/** Plans, pricing and notices (spec 3 §2). */
export const planMessages = {
  upgradeScreenTitle: "Upgrade Your Plan",
  tabs: ["Monthly", "Yearly", "Lifetime"],
  lifetimeFeatures: [
    "unlimited copilot app searches",
    "unlimited web searches",
    "unlimited file uploads",
    "collaboration invites",
    "model choice",
  ],
  installNow: "Install now",
  logout: "Logout",
  /** Composed: spec 1 §5 says only that search is blocked without a valid plan state. */
  invalidPlanState: "Your plan could not be verified. Please sign in again or contact support.",
  /** Composed (issue 41): the last site administrator cannot be demoted. */
  lastSiteAdmin: "A server needs at least one site administrator: promote another account first.",
  /** Composed (issue 41): the upgrade screens without payments, for a user who is not an administrator. */
  plansSetByAdmin:
    "Payments are not configured on this server: plans are set by its site administrator. Ask them to change yours.",
  /** Composed (issue 41): the same, for a site administrator (the screen links to the Admin page). */
  plansSetByYou:
    "Payments are not configured on this server. You are its site administrator: set plans on the Admin page.",
} as const;

/** Accounts and profile (spec 1 §6, spec 3 §5, §8). */
export const authMessages = {
  unauthorized: "unauthorized",
  updateUsernameFailed: "Failed to update username. Please try again.",
  /** Composed: the spec states only that the full name is required. */
  fullNameRequired: "Full name is required.",
  /**
   * Composed (REQUIRE_EMAIL_VERIFICATION; the spec has no sign-up verification): the one answer
   * to every accepted sign-up, new address or registered, so it tells nobody who has an account.
   */
  checkEmailToFinish:
    "Check your e-mail: if this address can be used, we have sent it a link to finish signing up. Then sign in.",
  /** Composed: a sign-in with the right password before the address is confirmed. */
  verifyEmailFirst: "Confirm your e-mail address first: we have sent you a new link.",
} as const;

/** Contact support (issue 41: the dialog names whom to ask and links the docs). */
export const supportMessages = {
  /** Composed: what the dialog says first. */
  intro:
    "This Mnemo server is run by its administrator. For help with your account or your memories, contact them directly.",
  /** Composed: before SUPPORT_CONTACT (an e-mail address or a link). */
  contactLabel: "Contact:",
  /** Composed: no SUPPORT_CONTACT is set; the first site administrator's name when known. */
  askAdmin: (p: { name: string | null }): string =>
    p.name ? `Ask ${p.name}, the site administrator.` : "Ask the site administrator.",
  /** Composed: the link to DOCS_URL (by default the README this server serves). */
  docsLink: "Read the documentation",
} as const;

/** Every message group, by area. */
export const messages = {
  chat: chatMessages,
  links: linkMessages,
  files: fileMessages,
  uploads: uploadMessages,
  collections: collectionMessages,
  preview: previewMessages,
  appSearch: appSearchMessages,
  recording: recordingMessages,
  canvas: canvasMessages,
  integrations: integrationMessages,
  plans: planMessages,
  auth: authMessages,
  mail: mailMessages,
  support: supportMessages,
} as const;
