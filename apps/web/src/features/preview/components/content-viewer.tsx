import type { Source, SourceContent } from "@mnemo/contracts";
import { decodeBase64Utf8 } from "../logic/csv";
import { contentView, type PreviewMode } from "../logic/pane";
import { CsvTable } from "./csv-table";
import { MarkdownView } from "./markdown-view";
import { PdfView } from "./pdf-view";
import { DownloadFallback } from "./preview-states";
import { SandboxedHtml } from "./sandboxed-html";

/** A file, image or local source by its content (spec 2 §2): image, PDF, HTML, CSV, Markdown, text, or download. */
export function ContentViewer({
  source,
  content,
  mode = "preview",
}: {
  source: Pick<Source, "type" | "title">;
  content: SourceContent["content"];
  mode?: PreviewMode;
}) {
  const view = contentView(source.type, content, decodeBase64Utf8, mode);
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
      return <PdfView url={view.url} name={view.name} title={source.title} />;
    case "audio":
      return (
        <div className="flex h-full flex-col items-center justify-center gap-3 p-6">
          <p className="text-sm text-muted-foreground">{view.name}</p>
          <audio controls preload="metadata" className="w-full max-w-xl" data-testid="preview-audio">
            <source src={view.url} type={view.mimeType.split(";")[0] || undefined} />
            <a href={view.url} download={view.name}>
              Download {view.name}
            </a>
          </audio>
        </div>
      );
    case "html":
      return (
        <div className="h-full p-2">
          <SandboxedHtml html={view.html} title={`Preview of ${source.title}`} />
        </div>
      );
    case "csv":
      return <CsvTable csv={view.csv} />;
    case "markdown":
      return <MarkdownView markdown={view.markdown} className="mx-auto max-w-3xl p-6" />;
    case "text":
      return (
        <pre
          data-testid="text-view"
          className="mx-auto max-w-3xl p-6 font-mono text-sm whitespace-pre-wrap text-foreground"
        >
          {view.text}
        </pre>
      );
    case "download":
      return <DownloadFallback url={view.url} name={view.name} />;
  }
}
