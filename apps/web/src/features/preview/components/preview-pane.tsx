import { PenToolIcon } from "lucide-react";
import type { Source } from "@mnemo/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { useSourceContent } from "../hooks/use-preview-data";
import { choosePane, type PreviewMode } from "../logic/pane";
import { ContentViewer } from "./content-viewer";
import { MarkdownView } from "./markdown-view";
import { PagePane } from "./page-pane";
import { PreviewError, PreviewLoading, PreviewTooLarge, PreviewUnavailable } from "./preview-states";
import { ReaderView, ScreenshotView, SiteFrame, VideoView } from "./webpage-views";

/** The left pane of the preview, by memory type and mode (spec 2 §2), with every §4 state. */
export function PreviewPane({ source, mode }: { source: Source; mode: PreviewMode }) {
  const pane = choosePane(source, mode);
  const needsContent = pane.kind === "reader" || pane.kind === "content" || pane.kind === "video" || pane.kind === "app";
  const content = useSourceContent(source.id, source.meta.status, needsContent);

  if (pane.kind === "iframe") return <SiteFrame url={pane.url} title={source.title} />;
  if (pane.kind === "screenshot") return <ScreenshotView url={pane.url} title={source.title} />;
  if (pane.kind === "page") return <PagePane source={source} />;
  if (pane.kind === "canvas") {
    return <EmptyState icon={PenToolIcon} title="Canvas is available soon" description="Canvases open here once the canvas editor arrives." className="m-6" />;
  }
  if (content.isPending) return <PreviewLoading label="Loading content…" />;
  if (content.isError) return <PreviewError onRetry={() => void content.refetch()} />;
  const data = content.data;
  if (data.status === "too_large") return <PreviewTooLarge originalUrl={data.original_url ?? source.url} />;
  if (pane.kind === "video") return <VideoView videoId={pane.videoId} title={source.title} markdown={data.content.markdown} />;
  if (data.status === "unavailable") {
    if (pane.kind === "reader") return <ReaderView markdown={null} />;
    return <PreviewUnavailable onRetry={() => void content.refetch()} />;
  }
  if (pane.kind === "reader") return <ReaderView markdown={data.content.markdown ?? data.content.text} />;
  if (pane.kind === "app") return <MarkdownView markdown={data.content.markdown ?? data.content.text ?? ""} className="mx-auto max-w-3xl p-6" />;
  return <ContentViewer source={source} content={data.content} />;
}
