import { ChevronDownIcon } from "lucide-react";
import { previewMessages } from "@mnemo/contracts";
import { splitTranscript } from "../logic/youtube";
import { MarkdownView } from "./markdown-view";
import { PassageFrame } from "./passage-frame";

/** Reader content of a web page, or the spec's notice when there is none. */
export function ReaderView({ markdown, quote }: { markdown: string | null; quote?: string }) {
  if (!markdown?.trim()) {
    return (
      <p className="flex h-full min-h-60 items-center justify-center p-6 text-center text-sm text-muted-foreground">
        {previewMessages.readerModeUnavailable}
      </p>
    );
  }
  return (
    <PassageFrame quote={quote} ready={markdown}>
      <MarkdownView markdown={markdown} className="mx-auto max-w-3xl p-6" />
    </PassageFrame>
  );
}

/** The site itself in a frame (only when it allows framing). */
export function SiteFrame({ url, title }: { url: string; title: string }) {
  return (
    <iframe
      src={url}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      referrerPolicy="no-referrer"
      className="size-full min-h-[60vh] border-0 bg-white"
    />
  );
}

export function ScreenshotView({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex justify-center overflow-auto p-4">
      <img src={url} alt={`Screenshot of ${title}`} className="h-auto max-w-full rounded-md border" />
    </div>
  );
}

/** A YouTube video embed with its transcript in a collapsible section below. */
export function VideoView({
  videoId,
  title,
  markdown,
  start,
  quote,
}: {
  videoId: string;
  title: string;
  markdown: string | null;
  /** Second to start at (a cited transcript passage). */
  start?: number;
  /** The cited transcript sentence, highlighted in the opened transcript. */
  quote?: string;
}) {
  const { transcript } = splitTranscript(markdown ?? "");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}${start ? `?start=${Math.floor(start)}` : ""}`}
          data-testid="video-embed"
          title={title}
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      </div>
      {transcript && (
        <details className="group rounded-lg border" open={quote ? true : undefined}>
          <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-2 text-sm font-medium">
            Transcript <ChevronDownIcon className="size-4 transition group-open:rotate-180" aria-hidden />
          </summary>
          <div className="max-h-96 overflow-auto border-t px-4 py-2">
            <PassageFrame quote={quote} ready={transcript}>
              <MarkdownView markdown={transcript} />
            </PassageFrame>
          </div>
        </details>
      )}
    </div>
  );
}
