import { useMemo } from "react";
import { sandboxedSrcDoc } from "../logic/sandbox";

/**
 * Untrusted HTML in a frame that can do nothing: `sandbox=""` (no scripts, no same-origin, no
 * forms, no popups, no navigation of the app) and a strict CSP in front of the document.
 */
export function SandboxedHtml({ html, title }: { html: string; title: string }) {
  const srcDoc = useMemo(() => sandboxedSrcDoc(html), [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={srcDoc}
      referrerPolicy="no-referrer"
      className="size-full min-h-[60vh] rounded-md border bg-white"
      data-testid="sandboxed-html"
    />
  );
}
