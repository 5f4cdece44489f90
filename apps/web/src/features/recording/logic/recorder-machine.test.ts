import { describe, expect, it } from "vitest";
import { recordingMessages } from "@mnemo/contracts";
import {
  alreadyRecording,
  elapsedMs,
  formatElapsed,
  idleClock,
  isCapturing,
  nothingToFinish,
  pauseClock,
  startClock,
  transition,
  type RecorderAction,
  type RecorderState,
} from "./recorder-machine";

const notActive = recordingMessages.notActive;

/** Every state × every action: the next state, or the message it is refused with. */
const cases: [RecorderState, RecorderAction, RecorderState | { refused: string }][] = [
  ["not recording", "start", "recording"],
  ["not recording", "pause", { refused: notActive }],
  ["not recording", "resume", { refused: notActive }],
  ["not recording", "stop", { refused: notActive }],
  ["not recording", "finish", { refused: nothingToFinish }],
  ["not recording", "fail", { refused: nothingToFinish }],
  ["recording", "start", { refused: alreadyRecording }],
  ["recording", "pause", "paused"],
  ["recording", "resume", "recording"],
  ["recording", "stop", "transcribing"],
  ["recording", "finish", { refused: nothingToFinish }],
  ["recording", "fail", { refused: nothingToFinish }],
  ["paused", "start", { refused: alreadyRecording }],
  ["paused", "pause", "paused"],
  ["paused", "resume", "recording"],
  ["paused", "stop", "transcribing"],
  ["paused", "finish", { refused: nothingToFinish }],
  ["paused", "fail", { refused: nothingToFinish }],
  ["transcribing", "start", { refused: alreadyRecording }],
  ["transcribing", "pause", { refused: notActive }],
  ["transcribing", "resume", { refused: notActive }],
  ["transcribing", "stop", { refused: notActive }],
  ["transcribing", "finish", "not recording"],
  ["transcribing", "fail", "not recording"],
];

describe("recorder state machine", () => {
  it.each(cases)("%s + %s", (state, action, expected) => {
    const t = transition(state, action);
    if (typeof expected === "string") expect(t).toEqual({ ok: true, state: expected });
    else expect(t).toEqual({ ok: false, state, message: expected.refused });
  });

  it("refuses the spec's controls with the spec's words when nothing is recording", () => {
    for (const action of ["stop", "pause", "resume"] as const)
      expect(transition("not recording", action)).toMatchObject({
        message: "Cannot stop/pause/resume: recording not active",
      });
  });

  it("walks a whole recording: start, pause, resume, stop, finish", () => {
    let s: RecorderState = "not recording";
    for (const a of ["start", "pause", "resume", "stop", "finish"] as const) s = transition(s, a).state;
    expect(s).toBe("not recording");
  });

  it("counts audio only while capturing", () => {
    expect(
      ["not recording", "recording", "paused", "transcribing"].map((s) => isCapturing(s as RecorderState)),
    ).toEqual([false, true, true, false]);
  });
});

describe("recording clock", () => {
  it("counts recording time and leaves paused time out", () => {
    let c = startClock(idleClock, 1_000);
    expect(elapsedMs(c, 4_000)).toBe(3_000);
    c = pauseClock(c, 4_000);
    expect(elapsedMs(c, 60_000)).toBe(3_000);
    c = startClock(c, 60_000);
    expect(elapsedMs(c, 62_500)).toBe(5_500);
    expect(startClock(c, 70_000)).toBe(c); // starting a running clock changes nothing
    expect(pauseClock(idleClock, 5)).toBe(idleClock);
  });

  it("shows minutes and seconds, and hours from the first hour", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(65_400)).toBe("1:05");
    expect(formatElapsed(3_600_000 + 61_000)).toBe("1:01:01");
  });
});
