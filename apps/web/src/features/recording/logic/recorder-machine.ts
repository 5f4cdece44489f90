import { constants, recordingMessages } from "@mnemo/contracts";

/** The recorder's states, in the spec's words (spec 2 §4, spec 3 §4 Recording). */
export type RecorderState = (typeof constants.recording.states)[number];

export type RecorderAction =
  | "start"
  | "pause"
  | "resume"
  | "stop"
  /** The audio is uploaded and transcribed (or kept untranscribed): back to not recording. */
  | "finish"
  /** Uploading or transcribing failed: back to not recording (the audio is kept). */
  | "fail";

export type Transition =
  | { ok: true; state: RecorderState }
  /** Refused: the state is unchanged and `message` says why (shown to the person). */
  | { ok: false; state: RecorderState; message: string };

/** Composed: starting while a recording is already under way (the spec names no message). */
export const alreadyRecording = "A recording is already in progress.";
/** Composed: finishing when nothing is being transcribed (an internal slip, never a user action). */
export const nothingToFinish = "Nothing is being transcribed.";

const table: Record<RecorderState, Partial<Record<RecorderAction, RecorderState>>> = {
  "not recording": { start: "recording" },
  recording: { pause: "paused", stop: "transcribing" },
  paused: { resume: "recording", stop: "transcribing" },
  transcribing: { finish: "not recording", fail: "not recording" },
};

/**
 * The recorder as a pure state machine: start, pause, resume and stop move between not
 * recording, recording, paused and transcribing; a control used when no recording is active is
 * refused with 'Cannot stop/pause/resume: recording not active'. Pausing while paused and
 * resuming while recording change nothing and are not errors (the buttons may race a click).
 */
export function transition(state: RecorderState, action: RecorderAction): Transition {
  const next = table[state][action];
  if (next) return { ok: true, state: next };
  if ((action === "pause" && state === "paused") || (action === "resume" && state === "recording"))
    return { ok: true, state };
  if (action === "start") return { ok: false, state, message: alreadyRecording };
  if (action === "finish" || action === "fail") return { ok: false, state, message: nothingToFinish };
  return { ok: false, state, message: recordingMessages.notActive };
}

/** Whether audio is being captured (recording or paused): leaving the page would cut it. */
export const isCapturing = (s: RecorderState) => s === "recording" || s === "paused";

/**
 * Elapsed recording time: the sum of the finished recording spans plus the running one. Paused
 * time does not count.
 */
export type Clock = { accumulatedMs: number; runningSince: number | null };
export const idleClock: Clock = { accumulatedMs: 0, runningSince: null };
export const startClock = (c: Clock, now: number): Clock =>
  c.runningSince === null ? { ...c, runningSince: now } : c;
export const pauseClock = (c: Clock, now: number): Clock =>
  c.runningSince === null
    ? c
    : { accumulatedMs: c.accumulatedMs + (now - c.runningSince), runningSince: null };
export const elapsedMs = (c: Clock, now: number) =>
  c.accumulatedMs + (c.runningSince === null ? 0 : now - c.runningSince);

/** `m:ss`, or `h:mm:ss` from one hour on. */
export function formatElapsed(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
