import { useCallback, useEffect, useRef, useState } from "react";
import { constants, recordingMessages } from "@mnemo/contracts";
import { useMe } from "@/features/users";
import {
  elapsedMs,
  idleClock,
  pauseClock,
  startClock,
  transition,
  type Clock,
  type RecorderAction,
  type RecorderState,
} from "../logic/recorder-machine";
import {
  canRecord,
  levelOf,
  mediaProblem,
  pickFormat,
  recordingFileName,
  type MediaProblem,
} from "../logic/media";
import {
  holdRecordingLock,
  recordingStore,
  type RecordingPurpose,
  type StoredRecording,
} from "../state/recording-store";

/** A stopped recording: its stored record and its whole audio. */
export type Recorded = { recording: StoredRecording; audio: Blob };

type Live = {
  recorder: MediaRecorder;
  streams: MediaStream[];
  context: AudioContext | null;
  analyser: AnalyserNode | null;
  recording: StoredRecording;
  /** Chunk writes, in order: stop waits for the last one. */
  writes: Promise<unknown>;
  release: () => void;
};

/**
 * The browser recorder (spec constants: preferred formats in order, 128 kbps, a chunk every
 * second, microphone gain 0.7 through Web Audio, tab or system audio mixed in when asked and the
 * browser allows it). Every chunk goes to IndexedDB as it arrives. The state follows the pure
 * machine in logic/recorder-machine.ts; refused controls show its message.
 */
export function useRecorder(purpose: RecordingPurpose) {
  const [state, setState] = useState<RecorderState>("not recording");
  const stateRef = useRef<RecorderState>("not recording");
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [clock, setClock] = useState<Clock>(idleClock);
  const [now, setNow] = useState(() => Date.now());
  const [level, setLevel] = useState(0);
  const live = useRef<Live | null>(null);
  const { data: me } = useMe();
  const ownerId = me?.id ?? "";

  const dispatch = useCallback((action: RecorderAction): boolean => {
    const t = transition(stateRef.current, action);
    if (!t.ok) {
      setProblem({ message: t.message });
      return false;
    }
    stateRef.current = t.state;
    setState(t.state);
    return true;
  }, []);

  // Timer and level meter: a frame loop while capturing.
  useEffect(() => {
    if (state !== "recording" && state !== "paused") return;
    let frame = 0;
    const samples = new Uint8Array(256);
    const tick = () => {
      setNow(Date.now());
      const analyser = live.current?.analyser;
      if (analyser && state === "recording") {
        analyser.getByteTimeDomainData(samples);
        setLevel(levelOf(samples));
      } else setLevel(0);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [state]);

  const teardown = useCallback(() => {
    const l = live.current;
    if (!l) return;
    for (const s of l.streams) for (const t of s.getTracks()) t.stop();
    void l.context?.close().catch(() => undefined);
    l.release();
    live.current = null;
  }, []);

  useEffect(() => teardown, [teardown]);

  const start = useCallback(
    async (opts: { tabAudio?: boolean } = {}) => {
      setProblem(null);
      setNotice(null);
      if (stateRef.current !== "not recording") return void dispatch("start");
      if (!canRecord({ mediaDevices: navigator.mediaDevices, MediaRecorder: window.MediaRecorder }))
        return setProblem({ message: recordingMessages.browserUnsupported });
      try {
        const devices = await navigator.mediaDevices.enumerateDevices?.();
        if (devices && devices.length > 0 && !devices.some((d) => d.kind === "audioinput"))
          return setProblem({ message: recordingMessages.noInputDevices });
      } catch {
        // Listing devices is a courtesy; getUserMedia below gives the real answer.
      }
      let mic: MediaStream;
      try {
        mic = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
      } catch (err) {
        return setProblem(mediaProblem(err));
      }
      const streams = [mic];
      let display: MediaStream | null = null;
      if (opts.tabAudio && navigator.mediaDevices.getDisplayMedia) {
        try {
          display = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true });
          streams.push(display);
          if (display.getAudioTracks().length === 0) setNotice(recordingMessages.permissionHint);
        } catch {
          setNotice(recordingMessages.permissionHint);
        }
      }

      // Web Audio: the microphone at gain 0.7 mixed with tab audio; the meter listens to the mix.
      let basic = false;
      let context: AudioContext | null = null;
      let analyser: AnalyserNode | null;
      let stream: MediaStream = mic;
      try {
        context = new AudioContext();
        const mix = context.createMediaStreamDestination();
        const gain = context.createGain();
        gain.gain.value = constants.recording.microphoneGain;
        analyser = context.createAnalyser();
        analyser.fftSize = 256;
        context.createMediaStreamSource(mic).connect(gain);
        gain.connect(mix);
        gain.connect(analyser);
        if (display && display.getAudioTracks().length) {
          const tab = context.createMediaStreamSource(new MediaStream(display.getAudioTracks()));
          tab.connect(mix);
          tab.connect(analyser);
        }
        stream = mix.stream;
      } catch {
        basic = true;
        void context?.close().catch(() => undefined);
        context = null;
        analyser = null;
      }

      const format = pickFormat((m) => MediaRecorder.isTypeSupported(m));
      let recorder: MediaRecorder;
      try {
        if (!format) throw new Error("no preferred format");
        recorder = new MediaRecorder(stream, {
          mimeType: format.mimeType,
          audioBitsPerSecond: constants.recording.audioBitsPerSecond,
        });
      } catch {
        try {
          recorder = new MediaRecorder(stream);
          basic = true;
        } catch {
          for (const s of streams) for (const t of s.getTracks()) t.stop();
          void context?.close().catch(() => undefined);
          return setProblem({ message: recordingMessages.noCompatibleFormat });
        }
      }
      if (basic) setNotice(recordingMessages.basicMode);

      const mimeType = recorder.mimeType || format?.mimeType || "audio/webm";
      const startedAt = Date.now();
      const recording: StoredRecording = {
        id: crypto.randomUUID(),
        name: recordingFileName(new Date(startedAt), mimeType),
        mimeType,
        purpose,
        startedAt,
        ownerId,
      };
      let release = () => {};
      holdRecordingLock(recording.id, new Promise<void>((r) => (release = r)));
      const l: Live = { recorder, streams, context, analyser, recording, writes: Promise.resolve(), release };
      live.current = l;
      await recordingStore.create(recording).catch(() => undefined);
      let seq = 0;
      recorder.ondataavailable = (e) => {
        if (!e.data.size) return;
        const n = seq++;
        l.writes = l.writes
          .then(() => recordingStore.addChunk(recording.id, n, e.data))
          .catch(() => undefined);
      };
      recorder.start(constants.recording.chunkIntervalMs);
      dispatch("start");
      setClock(startClock(idleClock, Date.now()));
    },
    [dispatch, purpose, ownerId],
  );

  const pause = useCallback(() => {
    if (!dispatch("pause")) return;
    const r = live.current?.recorder;
    if (r?.state === "recording") r.pause();
    setClock((c) => pauseClock(c, Date.now()));
  }, [dispatch]);

  const resume = useCallback(() => {
    if (!dispatch("resume")) return;
    const r = live.current?.recorder;
    if (r?.state === "paused") r.resume();
    setClock((c) => startClock(c, Date.now()));
  }, [dispatch]);

  /** Stops capturing and answers the whole recording (state: transcribing until `settle`). */
  const stop = useCallback(async (): Promise<Recorded | null> => {
    const l = live.current;
    if (!dispatch("stop") || !l) return null;
    setClock((c) => pauseClock(c, Date.now()));
    await new Promise<void>((resolve) => {
      if (l.recorder.state === "inactive") return resolve();
      l.recorder.addEventListener("stop", () => resolve(), { once: true });
      l.recorder.stop();
    });
    await l.writes;
    const recording = l.recording;
    teardown();
    return { recording, audio: await recordingStore.audio(recording) };
  }, [dispatch, teardown]);

  /** Ends transcribing: back to not recording (`ok` false keeps the error shown). */
  const settle = useCallback(
    (ok: boolean) => {
      dispatch(ok ? "finish" : "fail");
      setClock(idleClock);
    },
    [dispatch],
  );

  return {
    state,
    problem,
    notice,
    level,
    elapsedMs: elapsedMs(clock, now),
    start,
    pause,
    resume,
    stop,
    settle,
    setProblem,
    /** Shows a notice under the recorder (cleared by the next start). */
    setNotice,
  };
}
export type RecorderHandle = ReturnType<typeof useRecorder>;
