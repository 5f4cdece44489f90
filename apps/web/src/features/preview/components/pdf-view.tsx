import { useEffect, useState } from "react";
import { DownloadIcon, FileTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DownloadFallback, PreviewLoading } from "./preview-states";

/**
 * The original PDF in the browser's own viewer. The stored file is served as a download, so it
 * is fetched and shown from an object URL (typed application/pdf); reader mode shows its text.
 */
export function PdfView({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<{ url: string; objectUrl: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { signal: ac.signal })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((b) => {
        objectUrl = URL.createObjectURL(new Blob([b], { type: "application/pdf" }));
        setState({ url, objectUrl, failed: false });
      })
      .catch(() => !ac.signal.aborted && setState({ url, objectUrl: null, failed: true }));
    return () => {
      ac.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!state || state.url !== url) return <PreviewLoading label="Loading PDF…" />;
  if (state.failed || !state.objectUrl) return <DownloadFallback url={url} name={name} />;
  // The browser's viewer names an object URL by a random id, so the file's own name and a download
  // under that name sit above it (issue 41).
  return (
    <div className="flex size-full min-h-[60vh] flex-col">
      <div className="flex items-center gap-2 border-b bg-background px-3 py-1.5 text-sm">
        <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium" data-testid="pdf-file-name" title={name}>
          {name}
        </span>
        <Button asChild variant="ghost" size="sm">
          <a href={url} download={name} rel="noopener noreferrer" aria-label={`Download ${name}`}>
            <DownloadIcon aria-hidden /> Download
          </a>
        </Button>
      </div>
      <iframe
        src={`${state.objectUrl}#view=FitH`}
        title={`PDF: ${name}`}
        data-testid="pdf-viewer"
        className="block w-full flex-1 border-0 bg-muted"
      />
    </div>
  );
}
