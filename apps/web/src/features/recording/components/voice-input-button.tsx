import { useCallback, useEffect, useState } from "react";
import { Loader2Icon, MicIcon, SquareIcon } from "lucide-react";
import { toast } from "sonner";
import { linkMessages, recordingMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-error";
import { transcribe } from "../api/transcribe";
import { formatElapsed } from "../logic/recorder-machine";
import { spokenText } from "../logic/transcript-blocks";
import { recordingStore } from "../state/recording-store";
import { useRecorder, type Recorded } from "../hooks/use-recorder";
import { LevelMeter } from "./recorder-bar";

/**
 * The chat input's voice recorder (spec 1 §2): records, transcribes through POST /api/transcribe
 * and puts the words in the question box — not sent until the person sends. The spec's messages
 * show as toasts; a failed transcription offers "Try again" with the same audio.
 */
export function VoiceInputButton({
  onText,
  disabled,
}: {
  onText: (text: string) => void;
  disabled?: boolean;
}) {
  const recorder = useRecorder("voice");
  const [busy, setBusy] = useState(false);
  const { state, problem } = recorder;

  useEffect(() => {
    if (problem) toast.error(problem.message, problem.hint ? { description: problem.hint } : undefined);
  }, [problem]);

  const send = useCallback(
    async (recorded: Recorded): Promise<boolean> => {
      setBusy(true);
      try {
        const result = await transcribe({ audio: recorded.audio, name: recorded.recording.name });
        const text = spokenText(result);
        if (!text) toast.warning(linkMessages.noTranscript);
        else onText(text);
        await recordingStore.remove(recorded.recording.id).catch(() => undefined);
        return true;
      } catch (err) {
        const message =
          err instanceof ApiError && err.status === 503
            ? recordingMessages.notConfigured
            : err instanceof ApiError && err.status < 500
              ? err.message
              : recordingMessages.transcriptionFailed;
        toast.error(message, {
          action:
            err instanceof ApiError && err.status === 503
              ? undefined
              : { label: "Try again", onClick: () => void send(recorded) },
        });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onText],
  );

  const stop = useCallback(async () => {
    const recorded = await recorder.stop();
    if (!recorded) return;
    recorder.settle(await send(recorded));
  }, [recorder, send]);

  if (state === "recording" || state === "paused")
    return (
      <div className="flex items-center gap-1.5" data-testid="voice-recorder" data-state={state}>
        <span role="timer" aria-label="Recording time" className="font-mono text-xs tabular-nums">
          {formatElapsed(recorder.elapsedMs)}
        </span>
        <LevelMeter level={recorder.level} className="w-10" />
        <Button
          type="button"
          size="icon-sm"
          variant="destructive"
          aria-label="Stop recording and transcribe"
          onClick={() => void stop()}
          data-testid="voice-stop"
        >
          <SquareIcon className="size-3.5" />
        </Button>
      </div>
    );
  if (state === "transcribing" || busy)
    return (
      <span
        role="status"
        aria-label={recordingMessages.transcribing}
        className="flex size-8 items-center justify-center"
      >
        <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-hidden />
      </span>
    );
  return (
    <Button
      type="button"
      size="icon-sm"
      variant="ghost"
      aria-label="Record a question"
      disabled={disabled}
      onClick={() => void recorder.start()}
      data-testid="voice-start"
    >
      <MicIcon className="size-4" />
    </Button>
  );
}
