import { lazy, Suspense, useState } from "react";
import type { Source, SourceContent } from "@mnemo/contracts";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import { PassageFrame } from "./passage-frame";
import { PreviewLoading } from "./preview-states";
import { decodeBase64Utf8 } from "../logic/csv";
import { contentView, type PreviewMode } from "../logic/pane";
import { MarkdownView } from "./markdown-view";
import { PdfView } from "./pdf-view";
import { DownloadFallback } from "./preview-states";
import { SandboxedHtml } from "./sandboxed-html";
import { SeekableAudio } from "./seekable-audio";
import { SheetsView } from "./sheets-view";

const PdfPassageView = lazy(() => import("./pdf-passage-view").then((m) => ({ default: m.PdfPassageView })));

/** A file, image or local source by its content (spec 2 §2): image, PDF, HTML, CSV, Markdown, text, or download. */
export function ContentViewer({
  source,
  content,
  mode = "preview",
  passage = null,
  onWholePdf,
}: {
  source: Pick<Source, "type" | "title">;
  content: SourceContent["content"];
  mode?: PreviewMode;
  /** The cited passage to open at (issue 22). */
  passage?: PassageAnchor | null;
  onWholePdf?: () => void;
}) {
  const view = contentView(source.type, content, decodeBase64Utf8, mode);
  // A citation opens a PDF at its page (pdf.js); "Show the whole PDF" returns to the browser's viewer.
  const [whole, setWhole] = useState(false);
  const quote = passage?.quote;
  switch (view.kind) {
    case "image":
      return (
        <div className="flex h-full items-center justify-center p-4">
          <img
            src={view.url}
            alt={source.title}
            className="max-h-full max-w-full rounded-md border object-contain"
            data-testid="preview-image"
          />
        </div>
      );
    case "pdf":
      if (passage?.page && !whole)
        return (
          <Suspense fallback={<PreviewLoading label="Loading PDF…" />}>
            <PdfPassageView
              url={view.url}
              page={passage.page}
              quote={passage.quote}
              onWhole={() => {
                setWhole(true);
                onWholePdf?.();
              }}
            />
          </Suspense>
        );
      return <PdfView url={view.url} name={view.name} />;
    case "audio":
      return (
        <div className="flex h-full flex-col items-center justify-center gap-3 p-6">
          <p className="text-sm text-muted-foreground">{view.name}</p>
          <SeekableAudio url={view.url} name={view.name} mimeType={view.mimeType} time={passage?.time} />
        </div>
      );
    case "html":
      return (
        <div className="h-full p-2">
          <SandboxedHtml html={view.html} title={`Preview of ${source.title}`} />
        </div>
      );
    case "csv":
      return <SheetsView csv={view.csv} markdown={content.markdown} passage={passage} />;
    case "markdown":
      return (
        <PassageFrame quote={quote} ready={view.markdown}>
          <MarkdownView markdown={view.markdown} className="mx-auto max-w-3xl p-6" />
        </PassageFrame>
      );
    case "text":
      return (
        <PassageFrame quote={quote} ready={view.text}>
          <pre
            data-testid="text-view"
            className="mx-auto max-w-3xl p-6 font-mono text-sm whitespace-pre-wrap text-foreground"
          >
            {view.text}
          </pre>
        </PassageFrame>
      );
    case "download":
      return <DownloadFallback url={view.url} name={view.name} />;
  }
}
