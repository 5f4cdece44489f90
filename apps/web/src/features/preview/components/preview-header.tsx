import {
  BookOpenIcon,
  EraserIcon,
  ExternalLinkIcon,
  Maximize2Icon,
  Minimize2Icon,
  PanelRightCloseIcon,
  PanelRightOpenIcon,
  XIcon,
} from "lucide-react";
import type { Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { MakeReviewCardsFromPreview } from "@/features/review";
import { cn } from "@/lib/utils";
import type { PreviewMode } from "../logic/pane";
import { TitleEditor } from "./title-editor";

export interface PreviewHeaderProps {
  source: Source;
  visible: boolean;
  mode: PreviewMode;
  /** Reader mode exists for web pages and PDFs (their extracted text). */
  canRead: boolean;
  onMode: (m: PreviewMode) => void;
  maximized: boolean;
  onMaximize: (m: boolean) => void;
  panelOpen: boolean;
  onPanel: (open: boolean) => void;
  originalUrl: string | null;
  onClearChat: () => void;
  onClose: () => void;
  onHold: (hold: boolean) => void;
}

/** The preview header; it slides away 2 s after the pointer last moved and returns on movement. */
export function PreviewHeader(p: PreviewHeaderProps) {
  return (
    <header
      data-testid="preview-header"
      data-visible={p.visible}
      onFocus={() => p.onHold(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && p.onHold(false)}
      className={cn(
        "relative z-10 flex h-12 shrink-0 items-center gap-1 border-b bg-popover px-2 transition-[margin,opacity] duration-200",
        !p.visible && "pointer-events-none -mt-12 opacity-0",
      )}
    >
      <div className="min-w-0 flex-1 pl-1">
        <TitleEditor source={p.source} onEditing={p.onHold} />
      </div>
      {p.canRead && (
        <Button
          variant={p.mode === "focus" ? "secondary" : "ghost"}
          size="icon-sm"
          aria-pressed={p.mode === "focus"}
          aria-label="Reader mode"
          title={p.mode === "focus" ? "Back to preview" : "Reader mode"}
          onClick={() => p.onMode(p.mode === "focus" ? "preview" : "focus")}
        >
          <BookOpenIcon aria-hidden />
        </Button>
      )}
      {p.originalUrl && (
        <Button asChild variant="ghost" size="icon-sm">
          <a
            href={p.originalUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="View original"
            title="View original"
          >
            <ExternalLinkIcon aria-hidden />
          </a>
        </Button>
      )}
      {p.source.meta.status === "success" && <MakeReviewCardsFromPreview memoryId={p.source.id} />}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Clear chat history"
        title="Clear chat history"
        onClick={p.onClearChat}
      >
        <EraserIcon aria-hidden />
      </Button>
      <Button
        variant={p.panelOpen ? "secondary" : "ghost"}
        size="icon-sm"
        aria-pressed={p.panelOpen}
        aria-label="AI panel"
        title={p.panelOpen ? "Hide AI panel" : "Show AI panel"}
        onClick={() => p.onPanel(!p.panelOpen)}
      >
        {p.panelOpen ? <PanelRightCloseIcon aria-hidden /> : <PanelRightOpenIcon aria-hidden />}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="max-lg:hidden"
        aria-label={p.maximized ? "Minimize" : "Maximize"}
        title={p.maximized ? "Minimize" : "Maximize"}
        onClick={() => p.onMaximize(!p.maximized)}
      >
        {p.maximized ? <Minimize2Icon aria-hidden /> : <Maximize2Icon aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label="Close" title="Close" onClick={p.onClose}>
        <XIcon aria-hidden />
      </Button>
    </header>
  );
}
