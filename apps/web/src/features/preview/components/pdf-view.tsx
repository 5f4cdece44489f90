import { useEffect, useState } from "react";
import { DownloadFallback, PreviewLoading } from "./preview-states";

/**
 * The original PDF in the browser's own viewer. The stored file is served as a download, so it
 * is fetched and shown from an object URL (typed application/pdf); reader mode shows its text.
 */
export function PdfView({ url, name, title }: { url: string; name: string; title: string }) {
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
  return (
    <iframe
      src={`${state.objectUrl}#view=FitH`}
      title={`PDF: ${title}`}
      data-testid="pdf-viewer"
      className="block size-full min-h-[60vh] border-0 bg-muted"
    />
  );
}
