import type { Source } from "@mnemo/contracts";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import { CanvasPane } from "./canvas-pane";
import { useSourceContent } from "../hooks/use-preview-data";
import { useRetrySource } from "../hooks/use-retry-source";
import { usePreviewScreenshot } from "../hooks/use-screenshots";
import { choosePane, type PreviewMode } from "../logic/pane";
import { ContentViewer } from "./content-viewer";
import { MarkdownView } from "./markdown-view";
import { PagePane } from "./page-pane";
import {
  PreviewError,
  PreviewFailed,
  PreviewLoading,
  PreviewTooLarge,
  PreviewUnavailable,
} from "./preview-states";
import { ReaderView, ScreenshotView, SiteFrame, VideoView } from "./webpage-views";

/** The left pane of the preview, by memory type and mode (spec 2 §2), with every §4 state. */
export function PreviewPane({
  source,
  mode,
  passage = null,
  onMode,
}: {
  source: Source;
  mode: PreviewMode;
  /** The cited passage to open at (issue 22). */
  passage?: PassageAnchor | null;
  onMode?: (m: PreviewMode) => void;
}) {
  const pane = choosePane(source, mode);
  const failed = source.meta.status === "errored" && pane.kind !== "page" && pane.kind !== "canvas";
  const shot = usePreviewScreenshot(source, !failed && pane.kind === "take-screenshot");
  const needsContent =
    !failed &&
    (pane.kind === "reader" ||
      pane.kind === "content" ||
      pane.kind === "video" ||
      pane.kind === "app" ||
      (pane.kind === "take-screenshot" && !shot.pending && !shot.url));
  const content = useSourceContent(source.id, source.meta.status, needsContent);
  const retry = useRetrySource();

  if (failed) {
    return (
      <PreviewFailed
        message={source.error}
        retrying={retry.isPending}
        onRetry={source.policies.delete ? () => retry.mutate(source.id) : undefined}
      />
    );
  }
  if (pane.kind === "iframe") return <SiteFrame url={pane.url} title={source.title} />;
  if (pane.kind === "screenshot") return <ScreenshotView url={pane.url} title={source.title} />;
  if (pane.kind === "take-screenshot") {
    if (shot.pending) return <PreviewLoading label="Taking a screenshot of the page…" />;
    if (shot.url) return <ScreenshotView url={shot.url} title={source.title} />;
  }
  if (pane.kind === "page") return <PagePane source={source} quote={passage?.quote} time={passage?.time} />;
  if (pane.kind === "canvas") return <CanvasPane source={source} />;
  if (content.isPending) return <PreviewLoading label="Loading content…" />;
  if (content.isError) return <PreviewError onRetry={() => void content.refetch()} />;
  const data = content.data;
  if (data.status === "too_large") return <PreviewTooLarge originalUrl={data.original_url ?? source.url} />;
  if (pane.kind === "video")
    return (
      <VideoView
        videoId={pane.videoId}
        title={source.title}
        markdown={data.content.markdown}
        start={passage?.time}
        quote={passage?.quote}
      />
    );
  const reader = pane.kind === "reader" || pane.kind === "take-screenshot";
  if (data.status === "unavailable") {
    if (reader) return <ReaderView markdown={null} />;
    return <PreviewUnavailable onRetry={() => void content.refetch()} />;
  }
  if (reader)
    return <ReaderView markdown={data.content.markdown ?? data.content.text} quote={passage?.quote} />;
  if (pane.kind === "app")
    return (
      <MarkdownView
        markdown={data.content.markdown ?? data.content.text ?? ""}
        className="mx-auto max-w-3xl p-6"
      />
    );
  return (
    <ContentViewer
      source={source}
      content={data.content}
      mode={mode}
      passage={passage}
      onWholePdf={onMode ? () => onMode("preview") : undefined}
    />
  );
}
