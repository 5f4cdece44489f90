import { useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon, FileTextIcon } from "lucide-react";
import { passageMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { PreviewLoading } from "./preview-states";
import { PassageNotice } from "./passage-frame";
import type { PdfDoc } from "../logic/pdf-render";

const loadRenderer = () => import("../logic/pdf-render");

/**
 * A PDF opened at a cited page (issue 22): the page drawn by pdf.js (loaded on demand) with its
 * text layer, the cited passage highlighted and scrolled into view; Previous / Next move through
 * the pages, and "Show the whole PDF" returns to the browser's own viewer.
 */
export function PdfPassageView({
  url,
  page: cited,
  quote,
  onWhole,
}: {
  url: string;
  page: number;
  quote: string;
  onWhole: () => void;
}) {
  const [doc, setDoc] = useState<PdfDoc | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(cited);
  const [found, setFound] = useState<boolean | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The page is drawn to the width available: drawn again when that changes (a rotated phone).
  const [width, setWidth] = useState(0);
  useEffect(() => setPage(cited), [cited]);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      setWidth((old) => (Math.abs(old - w) > 24 ? w : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const ac = new AbortController();
    let loaded: PdfDoc | null = null;
    void (async () => {
      try {
        const { openPdf } = await loadRenderer();
        const r = await fetch(url, { signal: ac.signal });
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        loaded = await openPdf(new Uint8Array(await r.arrayBuffer()));
        if (ac.signal.aborted) return void loaded.loadingTask.destroy();
        setDoc(loaded);
      } catch {
        if (!ac.signal.aborted) setFailed(true);
      }
    })();
    return () => {
      ac.abort();
      void loaded?.loadingTask.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = host.current;
    if (!doc || !el || !width) return;
    const ac = new AbortController();
    const target = Math.min(Math.max(1, page), doc.numPages);
    void (async () => {
      const { renderPdfPage } = await loadRenderer();
      return renderPdfPage(doc, target, el, page === cited ? quote : undefined, ac.signal);
    })().then((mark) => {
      if (ac.signal.aborted) return;
      if (page === cited) setFound(Boolean(mark));
      if (mark) {
        mark.scrollIntoView({ block: "center" });
        mark.focus({ preventScroll: true });
      }
    });
    return () => ac.abort();
  }, [doc, page, cited, quote, width]);

  if (failed) return <PassageNotice text={passageMessages.notFound} />;
  return (
    <div className="flex min-h-full flex-col bg-muted" data-testid="pdf-passage-view">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 border-b bg-background/95 px-3 py-2 text-sm">
        <div className="flex items-center gap-1">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Previous page"
            disabled={!doc || page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <span aria-live="polite" data-testid="pdf-page-label">
            {doc ? passageMessages.pageOf({ page, pages: doc.numPages }) : "…"}
          </span>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Next page"
            disabled={!doc || page >= doc.numPages}
            onClick={() => setPage((p) => p + 1)}
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
        <Button size="sm" variant="outline" onClick={onWhole}>
          <FileTextIcon aria-hidden /> {passageMessages.wholePdf}
        </Button>
      </div>
      {found === false && page === cited && (
        <div className="p-3">
          <PassageNotice />
        </div>
      )}
      {!doc && <PreviewLoading label="Loading PDF…" />}
      <div ref={frame} className="flex justify-center p-4">
        <div ref={host} className="relative bg-white shadow" data-testid="pdf-page" />
      </div>
    </div>
  );
}
