import { describe, expect, it } from "vitest";
import {
  appSearchMessages as appSearch,
  canvasMessages as canvas,
  chatMessages as chat,
  collectionMessages as collections,
  fileMessages as files,
  integrationMessages as integrations,
  linkMessages as links,
  messages,
  previewMessages as preview,
  uploadMessages as uploads,
} from "./messages.ts";
import { specAvailable, specText, stringLeaves } from "./spec-text.test-helper.ts";

/**
 * Literals the spec does not word (composed, or a state the spec does not describe); every other
 * string must occur in the spec verbatim.
 */
const composed = new Set([
  "uploads.indexingPausedForMemory",
  "uploads.readyToSave",
  "uploads.fileEmpty",
  "uploads.fileTooBigToRead",
  "uploads.fileTypeUnsupported",
  "uploads.filePasswordProtected",
  "uploads.fileTookTooLong",
  "links.tooManyLinks",
  "links.screenshotAddressRefused",
  "links.pageNotFound",
  "preview.emptyPage",
  "preview.saveAsTextFile",
  "preview.savedAsTextFile",
  "preview.discardNote",
  "preview.changesSaved",
  "preview.titleRequired",
  "collections.invitationInvalid",
  "collections.copyInvitationLink",
  "collections.invitationLinkCopied",
  "collections.invitationsMailed",
  "mail.verificationSubject",
  "mail.existingAccountSubject",
  "mail.signInThrottledSubject",
  "auth.checkEmailToFinish",
  "auth.verifyEmailFirst",
  "auth.fullNameRequired",
  "chat.appSearchLimitVariant",
  "chat.publicChatDailyLimit",
  "plans.invalidPlanState",
  "plans.lastSiteAdmin",
  "plans.plansSetByAdmin",
  "plans.plansSetByYou",
  "recording.notConfigured",
  "recording.emptyRecording",
  "recording.notAudio",
  "recording.transcribing",
  "recording.noCompatibleFormat",
  "recording.permissionHint",
  "support.intro",
  "support.contactLabel",
  "support.docsLink",
]);

/** Lets a numeric placeholder print as its spec name, e.g. '{n}', to compare with the spec template. */
const placeholder = (name: string): number => name as unknown as number;

describe.skipIf(!specAvailable)("message literals against the spec text", () => {
  const literals = stringLeaves(messages).filter(([path]) => !composed.has(path));

  it("covers the catalogue", () => {
    expect(literals.length).toBeGreaterThan(100);
  });

  it.each(literals)("%s occurs verbatim in the spec", (_path, text) => {
    expect(specText.includes(text), `not in spec: ${text}`).toBe(true);
  });

  it.each<[string, string]>([
    ["nonAsciiFilename", files.nonAsciiFilename({ name: "{name}" })],
    ["dailyUploadLimit", files.dailyUploadLimit({ n: placeholder("{n}") })],
    ["planExhausted", files.planExhausted({ plan: "{plan}" })],
    [
      "collectionLimitExceeded",
      collections.collectionLimitExceeded({ plan: "{plan}", n: placeholder("{n}") }),
    ],
    ["searchIn", appSearch.searchIn({ app: "{app}" })],
    ["couldNotConnect", appSearch.couldNotConnect({ app: "{app}" })],
    ["couldNotConnectShort", appSearch.couldNotConnectShort({ app: "{app}" })],
    ["connectAppForContent", preview.connectAppForContent({ app: "{app}" })],
    ["saveFailed", canvas.saveFailed({ reason: "{reason}" })],
    ["removeFailed", integrations.removeFailed({ title: "{title}" })],
    ["reconnectFailed", integrations.reconnectFailed({ title: "{title}" })],
    ["removed", integrations.removed({ title: "{title}" })],
    ["maxAccountsFree", integrations.maxAccountsFree({ app: "{app}" })],
    ["maxAccounts", integrations.maxAccounts({ app: "{app}" })],
    ["connectAccountFailed", integrations.connectAccountFailed({ app: "{app}" })],
  ])("template %s matches the spec with its placeholders", (_name, text) => {
    expect(specText.includes(text), `not in spec: ${text}`).toBe(true);
  });

  it("keeps the fixed parts of the composed file warnings", () => {
    const count = files.filesDiscardedCount({ queued: 10, discarded: 2 });
    const size = files.fileDiscardedSize({ name: "a.pdf", limitMb: placeholder("{limit}") });
    for (const [text, part] of [
      [count, " files queued for upload. "],
      [count, " discarded. Only 10 files can be uploaded at a time."],
      [size, " discarded as it would exceed the {limit}MB total size limit."],
      [chat.appSearchLimitVariant, "Daily app search limit reached. "],
    ]) {
      expect(text).toContain(part);
      expect(specText.includes(part), `not in spec: ${part}`).toBe(true);
    }
  });
});

describe("placeholder messages", () => {
  it.each([
    [{ n: 1, name: "Research" }, "1 memory has been added to Research collection."],
    [{ n: 3, name: "Research" }, "3 memories have been added to Research collection."],
    [{ n: 0, name: "X" }, "0 memories have been added to X collection."],
  ])("addedToCollection(%o)", (p, expected) => {
    expect(collections.addedToCollection(p)).toBe(expected);
  });

  it.each([
    [{ plan: "free", n: 1 }, "You've reached your free plan's limit of 1 collection."],
    [{ plan: "pro", n: 5 }, "You've reached your pro plan's limit of 5 collections."],
  ])("collectionLimitReached(%o)", (p, expected) => {
    expect(collections.collectionLimitReached(p)).toBe(expected);
  });

  it("collectionLimitExceeded repeats the limit", () => {
    expect(collections.collectionLimitExceeded({ plan: "free", n: 2 })).toBe(
      "You've reached the free plan's limit of 2 collections. To add more memories, please reduce your collections to 2 or upgrade your account.",
    );
  });

  it.each([
    [
      { queued: 10, discarded: 1 },
      "10 files queued for upload. 1 file was discarded. Only 10 files can be uploaded at a time.",
    ],
    [
      { queued: 10, discarded: 4 },
      "10 files queued for upload. 4 files were discarded. Only 10 files can be uploaded at a time.",
    ],
    [
      { queued: 1, discarded: 2 },
      "1 file queued for upload. 2 files were discarded. Only 10 files can be uploaded at a time.",
    ],
  ])("filesDiscardedCount(%o)", (p, expected) => {
    expect(files.filesDiscardedCount(p)).toBe(expected);
  });

  it("fileDiscardedSize names the file and the limit", () => {
    expect(files.fileDiscardedSize({ name: "big.pdf", limitMb: 100 })).toBe(
      "big.pdf was discarded as it would exceed the 100MB total size limit.",
    );
  });

  it.each([
    [1, "Adding 1 memory to the wall"],
    [2, "Adding 2 memories to the wall"],
  ])("notificationAdding(%i)", (n, expected) => {
    expect(uploads.notificationAdding({ n })).toBe(expected);
  });

  it("notification progress titles", () => {
    expect(uploads.notificationAdded({ done: 2, total: 5 })).toBe("Added 2 of 5 memories to the wall");
    expect(uploads.notificationDialogTitle({ done: 2, total: 5 })).toBe("Added 2 of 5 memories");
  });

  it.each([
    [1, "1 more memory"],
    [4, "4 more memories"],
  ])("moreMemories(%i)", (n, expected) => {
    expect(chat.moreMemories({ n })).toBe(expected);
  });

  it("counters and substitutions", () => {
    expect(chat.moreContext({ n: 3 })).toBe("+3 more");
    expect(preview.moreAttachments({ n: 7 })).toBe("+7 more");
    expect(files.dailyUploadLimit({ n: 20 })).toContain("a maximum of 20 files per day on the Free plan.");
    expect(files.nonAsciiFilename({ name: "résumé.pdf" })).toBe(
      "Failed to upload résumé.pdf. Filename contains invalid ASCII characters.",
    );
    expect(appSearch.couldNotConnect({ app: "Gmail" })).toMatch(/^Couldn't connect to Gmail\. /);
    expect(integrations.maxAccountsFree({ app: "Slack" })).toBe(
      "Maximum Slack accounts connected. Upgrade to Pro to add 4 more accounts.",
    );
    expect(canvas.saveFailed({ reason: canvas.saveFailureReasons.uploadStatus({ status: 500 }) })).toBe(
      "Failed to save canvas: canvas or text upload failed with status 500",
    );
  });

  it.each([
    [{ serverMessage: "Mailbox full" }, "Failed to send email: Mailbox full"],
    [{ serverMessage: "" }, "Failed to send email"],
    [{}, "Failed to send email"],
  ])("sendEmailFailedWith(%o)", (p, expected) => {
    expect(chat.sendEmailFailedWith(p)).toBe(expected);
  });

  it("the copilot limit prefix is exact", () => {
    expect(chat.copilotLimitPrefix).toBe("Daily Copilot limit reached.");
  });

  it("link messages keep the spec's punctuation", () => {
    expect(links.videoTooLong).toBe("Saving upto 60 mins. Upgrade to save longer videos");
    expect(links.invalidSharedUrl).toBe("Invalid url");
    expect(preview.processing).toBe("Processing....");
    expect(links.tooManyLinks).toContain("5");
  });
});
