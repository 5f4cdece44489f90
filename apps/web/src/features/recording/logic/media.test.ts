import { describe, expect, it } from "vitest";
import { recordingMessages } from "@mnemo/contracts";
import { canRecord, extensionFor, levelOf, mediaProblem, pickFormat, recordingFileName } from "./media";

describe("recording format", () => {
  it("takes the spec's preferred formats in order", () => {
    expect(pickFormat(() => true)?.label).toBe("webm opus");
    expect(pickFormat((m) => m === "audio/mp4" || m === "audio/wav")?.label).toBe("mp4");
    expect(pickFormat((m) => m.startsWith("audio/ogg"))?.mimeType).toBe("audio/ogg;codecs=opus");
  });

  it("answers null (basic mode) when none is supported or the check throws", () => {
    expect(pickFormat(() => false)).toBeNull();
    expect(
      pickFormat(() => {
        throw new Error("unknown type");
      }),
    ).toBeNull();
  });

  it("names the file by its format", () => {
    expect(extensionFor("audio/webm;codecs=opus")).toBe("webm");
    expect(extensionFor("audio/mp4")).toBe("m4a");
    expect(extensionFor("audio/ogg;codecs=opus")).toBe("ogg");
    expect(extensionFor("")).toBe("webm");
    expect(recordingFileName(new Date(2026, 10, 24, 9, 5), "audio/webm")).toBe(
      "Meeting recording 2026-11-24 09-05.webm",
    );
  });
});

describe("microphone problems", () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it("tells the person what went wrong in the spec's words", () => {
    expect(mediaProblem(named("NotAllowedError"))).toEqual({
      message: recordingMessages.micPermissionRequired,
      hint: recordingMessages.permissionHint,
    });
    expect(mediaProblem(named("NotFoundError")).message).toBe(recordingMessages.noInputDevices);
    expect(mediaProblem(named("NotSupportedError")).message).toBe(recordingMessages.browserUnsupported);
    expect(mediaProblem(new Error("boom")).message).toBe(recordingMessages.processRecordingFailed);
  });

  it("knows a browser without recording", () => {
    expect(canRecord({ mediaDevices: {}, MediaRecorder: function () {} })).toBe(true);
    expect(canRecord({ mediaDevices: undefined, MediaRecorder: function () {} })).toBe(false);
    expect(canRecord({ mediaDevices: {} })).toBe(false);
  });
});

describe("level meter", () => {
  it("is silent for silence and full for a loud signal", () => {
    expect(levelOf(new Uint8Array(128).fill(128))).toBe(0);
    expect(levelOf(new Uint8Array(128).fill(255))).toBe(1);
    const quiet = levelOf(new Uint8Array(128).map((_, i) => (i % 2 ? 136 : 120)));
    expect(quiet).toBeGreaterThan(0);
    expect(quiet).toBeLessThan(0.5);
    expect(levelOf(new Uint8Array(0))).toBe(0);
  });
});
