import { describe, expect, it } from "vitest";
import { continueState, firstRunScreen, isIOSDevice, readCurrentStep, writeCurrentStep } from "./first-run";

const me = (plan: string, has_details: boolean, metadata: Record<string, unknown> = {}) => ({
  plan,
  has_details,
  metadata,
});

describe("first-run screens (spec 3 §4)", () => {
  it.each([
    [me("free", false), false, "details"],
    [me("free", true), false, "onboarding"],
    [me("pro", false), false, "onboarding"],
    [me("team", false, { submitUserDetails: false }), false, "onboarding"],
    [me("free", false, { submitUserDetails: true }), false, null],
    [me("free", true, { submitUserDetails: true }), true, "ios"],
    [me("free", true, { submitUserDetails: true, hasSetupIOSApp: true }), true, null],
    [me("free", true, { submitUserDetails: true, hasSetupIOSApp: false }), true, null],
  ])("%j on iOS %s → %s", (user, ios, screen) => expect(firstRunScreen(user, { ios })).toBe(screen));

  it.each([
    [{ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" }, true],
    [{ userAgent: "Mozilla/5.0 (Macintosh)", platform: "MacIntel", maxTouchPoints: 5 }, true],
    [{ userAgent: "Mozilla/5.0 (Macintosh)", platform: "MacIntel", maxTouchPoints: 0 }, false],
    [{ userAgent: "Mozilla/5.0 (X11; Linux x86_64)" }, false],
  ])("iOS device %#", (nav, ios) => expect(isIOSDevice(nav)).toBe(ios));

  it("keeps the step in local storage under currentStep", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(readCurrentStep(storage)).toBe(1);
    writeCurrentStep(storage, 2);
    expect(store.get("currentStep")).toBe("2");
    expect(readCurrentStep(storage)).toBe(2);
    writeCurrentStep(storage, null);
    expect(store.has("currentStep")).toBe(false);
  });
});

describe("onboarding Continue (spec 3 §5)", () => {
  const m = { inProgress: "wait", failed: "failed" };
  it.each([
    [[], { enabled: false, refusal: null }],
    [[{ status: "indexing" }], { enabled: true, refusal: null }],
    [[{ status: "success" }, { status: "uploading" }], { enabled: true, refusal: "wait" }],
    [[{ status: "success" }, { status: "errored" }], { enabled: true, refusal: "failed" }],
    [[{ status: "blocked" }], { enabled: false, refusal: "failed" }],
  ] as const)("%j", (rows, expected) => expect(continueState(rows, m)).toEqual(expected));
});

describe("onboarding Continue for someone who joined a shared collection (issue 41)", () => {
  const m = { inProgress: "wait", failed: "failed" };
  const joined = { memoryRequired: false };
  it.each([
    [[], { enabled: true, refusal: null }],
    [[{ status: "uploading" }], { enabled: true, refusal: "wait" }],
    [[{ status: "errored" }], { enabled: true, refusal: "failed" }],
  ] as const)("%j", (rows, expected) => expect(continueState(rows, m, joined)).toEqual(expected));
});
