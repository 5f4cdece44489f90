import { useId, useState } from "react";
import {
  CircleIcon,
  Loader2Icon,
  MicIcon,
  PauseIcon,
  PlayIcon,
  RotateCwIcon,
  SquareIcon,
} from "lucide-react";
import { recordingMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { formatElapsed } from "../logic/recorder-machine";
import type { RecorderHandle } from "../hooks/use-recorder";

/** A level meter: how loud the microphone (and tab audio) is right now. */
export function LevelMeter({ level, className }: { level: number; className?: string }) {
  const pct = Math.round(level * 100);
  return (
    <div
      role="meter"
      aria-label="Input level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={cn("h-1.5 w-16 overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className="h-full rounded-full bg-emerald-500 transition-[width] duration-75"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}

/**
 * Recorder controls (spec 2 §2 Recording): start, pause, resume and stop, a timer and a level
 * meter, an optional "Include tab audio" where the browser can share it, the spec's messages,
 * and "Try again" after a failed upload, transcription or insertion (the audio is kept).
 */
export function RecorderBar({
  recorder,
  onStop,
  onRetry,
  canRetry = false,
  working = false,
  startLabel = "Record",
  autoFocus,
}: {
  recorder: RecorderHandle;
  onStop: () => void;
  onRetry?: () => void;
  canRetry?: boolean;
  working?: boolean;
  startLabel?: string;
  autoFocus?: boolean;
}) {
  const [tabAudio, setTabAudio] = useState(false);
  const tabAudioId = useId();
  const { state, problem, notice } = recorder;
  const capturing = state === "recording" || state === "paused";
  const busy = state === "transcribing" || working;
  const canShareTab = typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getDisplayMedia);

  return (
    <div className="flex flex-col gap-1.5" data-testid="recorder" data-state={state}>
      <div className="flex flex-wrap items-center gap-2">
        {state === "not recording" && !busy && (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void recorder.start({ tabAudio })}
              data-testid="recorder-start"
              autoFocus={autoFocus}
            >
              <MicIcon aria-hidden /> {startLabel}
            </Button>
            {canShareTab && (
              <label htmlFor={tabAudioId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <input
                  id={tabAudioId}
                  type="checkbox"
                  checked={tabAudio}
                  onChange={(e) => setTabAudio(e.target.checked)}
                  className="size-3.5 accent-primary"
                />
                Include tab audio
              </label>
            )}
          </>
        )}
        {capturing && (
          <>
            <span className="flex items-center gap-1.5 text-sm font-medium" data-testid="recorder-status">
              {state === "recording" ? (
                <CircleIcon className="size-3 animate-pulse fill-red-600 text-red-600" aria-hidden />
              ) : (
                <PauseIcon className="size-3 text-muted-foreground" aria-hidden />
              )}
              <span className={state === "recording" ? "sr-only sm:not-sr-only" : undefined}>
                {state === "recording" ? "Recording" : "Paused"}
              </span>
            </span>
            <span
              role="timer"
              aria-label="Recording time"
              className="font-mono text-sm tabular-nums"
              data-testid="recorder-timer"
            >
              {formatElapsed(recorder.elapsedMs)}
            </span>
            <LevelMeter level={recorder.level} className="w-10 sm:w-16" />
            {state === "recording" ? (
              <Button size="sm" variant="outline" onClick={recorder.pause} data-testid="recorder-pause">
                <PauseIcon aria-hidden /> Pause
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={recorder.resume} data-testid="recorder-resume">
                <PlayIcon aria-hidden /> Resume
              </Button>
            )}
            <Button size="sm" variant="destructive" onClick={onStop} data-testid="recorder-stop">
              <SquareIcon aria-hidden /> Stop
            </Button>
          </>
        )}
        {busy && (
          <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> {recordingMessages.transcribing}
          </span>
        )}
        {canRetry && !busy && onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry} data-testid="recorder-retry">
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem.message}
          {problem.hint && <span className="block text-xs text-muted-foreground">{problem.hint}</span>}
        </p>
      )}
      {notice && (
        <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
          {notice}
        </p>
      )}
    </div>
  );
}
