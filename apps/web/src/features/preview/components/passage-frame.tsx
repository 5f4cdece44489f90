import { useRef, type ReactNode } from "react";
import { InfoIcon } from "lucide-react";
import { passageMessages } from "@mnemo/contracts";
import { usePassageHighlight } from "../hooks/use-passage-highlight";

/** The notice shown when a cited passage is not (or no longer) in the memory. */
export function PassageNotice({ text = passageMessages.notFound }: { text?: string }) {
  return (
    <p
      role="status"
      data-testid="passage-notice"
      className="mx-auto flex max-w-3xl items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden /> {text}
    </p>
  );
}

/**
 * Shows `children` (a viewer of text: Markdown, reader content, plain text) with the cited
 * `quote` highlighted and scrolled into view, or a notice at the top when it is not there.
 */
export function PassageFrame({
  quote,
  ready,
  children,
}: {
  quote: string | undefined;
  ready: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const state = usePassageHighlight(ref, quote, ready);
  return (
    <>
      {state === "missing" && (
        <div className="px-6 pt-4">
          <PassageNotice />
        </div>
      )}
      <div ref={ref}>{children}</div>
    </>
  );
}
