/** Public pieces of the recording feature: the meeting recorder, the chat microphone, recovery. */
export { RecorderBar } from "./components/recorder-bar";
export { VoiceInputButton } from "./components/voice-input-button";
export { PendingRecordings } from "./components/pending-recordings";
export { useMeetingRecording } from "./hooks/use-meeting-recording";
export { transcriptBlocks, outcomeTitle, type RecordingOutcome } from "./logic/transcript-blocks";
