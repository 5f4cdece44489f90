import { useEffect, useState, type ReactNode } from "react";
import { Loader2Icon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { previewMessages } from "@mnemo/contracts";
import type { Source } from "@mnemo/contracts";
import { memories } from "@mnemo/contracts/constants";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useMe, useUpdateMetadata } from "@/features/users";
import { useLocalBoolean } from "@/lib/local-preference";
import { cn } from "@/lib/utils";
import { useAutoHide } from "../hooks/use-auto-hide";
import { useIsMobile } from "@/hooks/use-media-query";
import { useSource } from "../hooks/use-preview-data";
import { choosePane, isPdfSource, type PreviewMode } from "../logic/pane";
import { ClearChatConfirm } from "@/components/clear-chat-confirm";
import { PreviewHeader } from "./preview-header";
import { PreviewPane } from "./preview-pane";
import { PreviewError, PreviewLoading } from "./preview-states";
import { SidePanel } from "./side-panel";
import { PassageNotice } from "./passage-frame";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { ApiError } from "@/lib/api-error";
import { passageMessages } from "@mnemo/contracts";

const MAXIMIZED_KEY = "previewMaximized";

/**
 * Source preview dialog (spec 2 §2): modal, maximizable (remembered), closable; the memory's
 * viewer on the left, the Chat/Notes side panel on the right (a separate view under 1024 px).
 * The per-source chat comes in as `chat` and `onClearChat` (the chat feature composes them), so
 * the preview never imports the chat.
 */
export function SourcePreviewDialog({
  sourceId,
  initial,
  onClose,
  onClearChat,
  chat,
}: {
  sourceId: string;
  initial?: Source;
  onClose: () => void;
  onClearChat: (sourceId: string) => void;
  /** The memory's chat for the side panel, given the memory (a page gets the page chat type). */
  chat: (source: Source) => ReactNode;
}) {
  const source = useSource(sourceId, initial);
  const [maximized, setMaximized] = useLocalBoolean(MAXIMIZED_KEY, false);
  const mobile = useIsMobile();
  const [panelOpen, setPanelOpen] = useState(!mobile);
  // The panel is beside the viewer on wide screens and a separate view on small ones.
  useEffect(() => setPanelOpen(!mobile), [mobile]);
  // A citation's passage (issue 22) belongs to this memory when its chunk does (`<source>:<ord>`).
  const { passage: cited, citeKey } = usePreviewParam();
  const passage = cited?.chunk_id.startsWith(`${sourceId}:`) ? cited : null;
  // On a phone the panel is a view over the memory: a citation chosen in it shows the memory at the
  // passage. The panel stays mounted (hidden) once opened, so its chat is there when reopened.
  useEffect(() => {
    if (mobile && passage) setPanelOpen(false);
  }, [mobile, passage, citeKey]);
  // The viewer opens at the passage only while it is on screen: a hidden viewer cannot scroll the
  // passage into view. On a phone, a citation chosen in the open panel mounts the viewer at the
  // passage once the effect above has closed the panel (every citation, not only the first).
  const paneHidden = mobile && panelOpen;
  const shownPassage = paneHidden ? null : passage;
  const [panelUsed, setPanelUsed] = useState(panelOpen);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  const [mode, setMode] = useState<PreviewMode>("preview");
  const s0 = source.data;
  const webPassage = !!passage && !!s0 && (s0.type === "webpage" || s0.type === "web_search");
  // A web page's passage is highlighted in reader mode (a framed site or a screenshot cannot be).
  useEffect(() => {
    if (webPassage) setMode("focus");
  }, [webPassage, passage]);
  const [hold, setHold] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const s = source.data;
  // Pointer moves and taps over a frame (the browser's PDF viewer, a framed web site) never reach
  // the page, so the header could not come back (on a phone, where the frame fills the screen, not
  // at all: no Close, no Reader mode): over a frame it stays.
  const overFrame = !!s && mode === "preview" && (isPdfSource(s) || choosePane(s, mode).kind === "iframe");
  const header = useAutoHide(memories.previewHeaderAutoHideMs, hold || confirmClear || overFrame);
  const me = useMe();
  const updateMetadata = useUpdateMetadata();
  const full = maximized || mobile;

  const clearChat = () => onClearChat(sourceId);
  const askClearChat = () =>
    me.data?.metadata.hideResetChatConfirmation ? clearChat() : setConfirmClear(true);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        showClose={false}
        aria-describedby={undefined}
        onPointerMove={header.poke}
        onPointerDown={header.poke}
        onKeyDown={header.poke}
        data-testid="source-preview"
        className={cn(
          "flex max-w-none flex-col gap-0 overflow-hidden p-0",
          full
            ? "inset-0 h-dvh w-screen translate-x-0 translate-y-0 rounded-none border-0"
            : "h-[min(880px,calc(100dvh-2rem))] w-[min(1280px,calc(100vw-2rem))]",
        )}
      >
        <DialogPrimitive.Title className="sr-only">
          {s ? `Preview of ${s.title}` : "Memory preview"}
        </DialogPrimitive.Title>
        {source.isPending ? (
          <PreviewLoading />
        ) : source.isError &&
          !s &&
          cited &&
          source.error instanceof ApiError &&
          source.error.status === 404 ? (
          <div className="p-6">
            <PassageNotice text={passageMessages.memoryGone} />
          </div>
        ) : source.isError && !s ? (
          <PreviewError onRetry={() => void source.refetch()} />
        ) : s ? (
          <>
            <PreviewHeader
              source={s}
              visible={header.visible}
              mode={mode}
              canRead={s.type === "webpage" || s.type === "web_search" || isPdfSource(s)}
              onMode={setMode}
              maximized={maximized}
              onMaximize={setMaximized}
              panelOpen={panelOpen}
              onPanel={setPanelOpen}
              originalUrl={s.url}
              onClearChat={askClearChat}
              onClose={onClose}
              onHold={setHold}
            />
            <div className="flex min-h-0 flex-1">
              <div
                className={cn("relative min-w-0 flex-1 overflow-auto", paneHidden && "hidden")}
                data-testid="preview-pane"
              >
                <PreviewPane
                  key={shownPassage ? `cite-${citeKey ?? ""}` : "plain"}
                  source={s}
                  mode={mode}
                  passage={shownPassage}
                  onMode={setMode}
                />
                {s.meta.status === "in_progress" && (
                  <div
                    className="absolute inset-0 flex items-center justify-center gap-2 bg-background/80 text-sm font-medium backdrop-blur-[1px]"
                    role="status"
                  >
                    <Loader2Icon className="size-5 animate-spin" aria-hidden /> {previewMessages.processing}
                  </div>
                )}
              </div>
              {(panelOpen || (mobile && panelUsed)) && (
                <aside
                  aria-label="AI panel"
                  className={cn(
                    "min-h-0 shrink-0 border-l bg-background",
                    mobile ? "w-full border-l-0" : "w-[360px]",
                    !panelOpen && "hidden",
                  )}
                >
                  <SidePanel source={s} chat={chat(s)} />
                </aside>
              )}
            </div>
          </>
        ) : null}
      </DialogContent>
      <ClearChatConfirm
        description="The conversation about this memory will be removed. The memory itself stays."
        open={confirmClear}
        onCancel={() => setConfirmClear(false)}
        onConfirm={(dontShow) => {
          setConfirmClear(false);
          if (dontShow) updateMetadata.mutate({ hideResetChatConfirmation: true });
          clearChat();
        }}
      />
    </Dialog>
  );
}
