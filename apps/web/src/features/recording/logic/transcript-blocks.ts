import { constants, linkMessages, type TranscribeResponse } from "@mnemo/contracts";

/** A BlockNote block as the editor takes it (kept loose: BlockNote loads lazily). */
export type Block = {
  type: "heading" | "paragraph";
  props?: { level: 1 | 2 | 3 };
  content: (
    | { type: "text"; text: string; styles: Record<string, boolean> }
    | {
        type: "link";
        href: string;
        content: { type: "text"; text: string; styles: Record<string, boolean> }[];
      }
  )[];
};

/** What finishing a recording produced. */
export type RecordingOutcome =
  | { kind: "transcribed"; result: TranscribeResponse; recording: KeptRecording | null }
  /** No provider configured: the recording is kept, nothing is invented. */
  | { kind: "not-configured"; recording: KeptRecording | null }
  /** The provider heard nothing ('No transcript found.'). */
  | { kind: "empty"; recording: KeptRecording | null };

export type KeptRecording = { sourceId: string; name: string };

const text = (t: string) => ({ type: "text" as const, text: t, styles: {} });
const heading = (t: string, level: 2 | 3): Block => ({
  type: "heading",
  props: { level },
  content: [text(t)],
});
const paragraph = (t: string): Block => ({ type: "paragraph", content: [text(t)] });

/** Where a memory opens (its preview on the wall). */
export const memoryHref = (sourceId: string) => `/?preview=${encodeURIComponent(sourceId)}`;

const recordingLink = (r: KeptRecording): Block => ({
  type: "paragraph",
  content: [text("Recording: "), { type: "link", href: memoryHref(r.sourceId), content: [text(r.name)] }],
});

/** "Meeting recording 2026-11-24 09-05" from its file name. */
export const titleOfRecording = (r: KeptRecording | null) =>
  r ? r.name.replace(/\.[a-z0-9]+$/i, "") : "Meeting recording";

/** The page title the outcome suggests. */
export function outcomeTitle(o: RecordingOutcome): string {
  return o.kind === "transcribed" && o.result.title ? o.result.title : titleOfRecording(o.recording);
}

/**
 * The blocks a finished recording adds to a page (spec 2 §2 Recording): a heading, a Summary
 * section and a Transcription section (one paragraph per timestamped line), then a link to the
 * recording, kept as its own memory. When nothing was heard the page says so; when transcription is
 * not configured the page gets no words about it (the recorder shows that, issue 41).
 */
export function transcriptBlocks(o: RecordingOutcome): Block[] {
  const [summaryLabel, transcriptionLabel] = constants.recording.transcriptSections;
  const blocks: Block[] = [heading(outcomeTitle(o), 2)];
  if (o.kind === "transcribed") {
    blocks.push(heading(summaryLabel, 3), paragraph(o.result.summary));
    blocks.push(heading(transcriptionLabel, 3));
    for (const line of o.result.transcript.split("\n")) if (line.trim()) blocks.push(paragraph(line));
  } else if (o.kind === "empty") {
    blocks.push(paragraph(linkMessages.noTranscript));
  }
  if (o.recording) blocks.push(recordingLink(o.recording));
  return blocks;
}

/** The transcript's words without timestamps (what the chat microphone puts in the question box). */
export const spokenText = (r: TranscribeResponse) =>
  r.segments
    .map((s) => s.text)
    .join(" ")
    .trim();
