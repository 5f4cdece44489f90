import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { SourceResult } from "@mnemo/contracts/chat";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { chatMessages } from "@mnemo/contracts/messages";
import { SourcePreviewDialog, previewQueryParam } from "@/features/preview";
import { useQuery } from "@tanstack/react-query";
import { getMe } from "@/features/users/api/get-me";
import { meQueryKey, useUpdateMetadata } from "@/features/users/hooks/use-me";
import { useIsMobile } from "@/features/preview/hooks/use-is-mobile";
import { usePlanGate } from "@/features/plans";
import { cn } from "@/lib/utils";
import { voteQna } from "../api/chats";
import { useChatSession, type ChatScope } from "../hooks/use-chat-session";
import { useComposer } from "../hooks/use-composer";
import { useModels } from "../hooks/use-models";
import { isDemoMode } from "../logic/demo";
import { track } from "../logic/track";
import { AppsPicker } from "./apps-picker";
import { ChatInput } from "./chat-input";
import { ChatItem } from "./chat-item";
import { ContextPicker } from "./context-picker";
import { Greeting } from "./greeting";
import { LoginPrompt } from "./login-prompt";
import { ModelPicker } from "./model-picker";

export type ChatViewProps = {
  scope: ChatScope;
  /** The chat id became known (first answer of a new chat). */
  onChatId?: (id: string) => void;
  /** Page chat type: the 'Plan, ask, write anything...' placeholder. */
  pageChat?: boolean;
  /** Compact layout (side panel). */
  compact?: boolean;
  /** Opens a memory; the default sets `?preview=<id>` and shows the preview dialog here. */
  onOpenMemory?: (id: string) => void;
  /** Receives the session's reset, for a 'Clear chat history' button outside. */
  sessionRef?: (s: { reset: () => void; chatId: string | null }) => void;
};

/** A whole conversation: chat items and the input, for every scope (spec 1 §2). */
export function ChatView({ scope, onChatId, pageChat, compact, onOpenMemory, sessionRef }: ChatViewProps) {
  const visitor = scope.kind === "public";
  const [params, setParams] = useSearchParams();
  const demo = isDemoMode(window.location.search);
  const models = useModels(!visitor);
  const me = useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), enabled: !visitor });
  const updateMetadata = useUpdateMetadata();
  const session = useChatSession(scope, { applyOptions: { strongerModel: models.stronger }, demo });
  const { state, busy } = session;
  const composer = useComposer({
    persist: scope.kind === "main" || scope.kind === "collection",
    collectionId: scope.kind === "collection" ? scope.collectionId : null,
    chatId: state.chatId,
  });
  const [contextOpen, setContextOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [pauseTip, setPauseTip] = useState(false);
  const mobile = useIsMobile();
  const bottom = useRef<HTMLDivElement>(null);
  const llm =
    composer.llm && models.options.some((o) => o.id === composer.llm && o.is_active)
      ? composer.llm
      : (models.fallback?.id ?? null);

  useEffect(() => {
    if (state.chatId) onChatId?.(state.chatId);
  }, [state.chatId, onChatId]);
  useEffect(
    () => sessionRef?.({ reset: session.reset, chatId: state.chatId }),
    [sessionRef, session.reset, state.chatId],
  );

  const llmOptions = useMemo(() => models.options.filter((o) => o.type === "llm"), [models.options]);
  const count = state.entries.length;
  useEffect(() => {
    if (count) bottom.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [count]);

  // Stream pause tip: 7 s while the user's pause count is under 2 (spec 1 §2).
  const streaming = state.entries.at(-1)?.item.status === "streaming";
  const pauses = me.data?.metadata.streamPauseCount ?? 0;
  useEffect(() => {
    if (!streaming || visitor || pauses >= chatConstants.pauseTip.maxPauseCountExclusive) return;
    setPauseTip(true);
    const t = setTimeout(() => setPauseTip(false), chatConstants.pauseTip.durationMs);
    return () => clearTimeout(t);
  }, [streaming, visitor, pauses]);

  // Plan limits (spec 1 §5): web search at its daily limit is refused when toggled on or sent with.
  const gate = usePlanGate({ enabled: !visitor });
  const refreshGate = gate.refresh;
  useEffect(() => {
    if (!busy && !visitor) void refreshGate();
  }, [busy, visitor, refreshGate]);
  const refuseWeb = () =>
    toast.error(gate.web.refusal ?? chatMessages.webSearchLimit, {
      id: "web-search-limit",
      action: {
        label: chatMessages.labels.upgrade,
        onClick: () => setParams((p) => new URLSearchParams([...p, ["showPlans", "true"]])),
      },
    });
  const toggleWeb = () =>
    !composer.modes.includes("web") && !gate.web.allowed ? refuseWeb() : composer.toggleMode("web");

  const send = (text?: string) => {
    if (busy) return;
    if (composer.modes.includes("web") && !gate.web.allowed) return refuseWeb();
    const q = text ?? composer.prompt;
    const ok = session.ask(q, {
      llm,
      searchType: composer.modes,
      contextList: composer.contextList,
      selectedApps: composer.apps,
    });
    if (ok && text === undefined) composer.setPrompt("");
  };
  const stop = () => {
    if (!session.stop()) return;
    setPauseTip(false);
    if (!visitor && me.data) updateMetadata.mutate({ streamPauseCount: pauses + 1 });
  };
  const openSource = useCallback(
    (s: SourceResult) => {
      if (s.type === "web_search" && s.url) return void window.open(s.url, "_blank", "noopener,noreferrer");
      if (visitor) return void toast.info("Memories in a shared chat stay private to its owner.");
      if (onOpenMemory) return onOpenMemory(s.id);
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set(previewQueryParam, s.id);
        return next;
      });
    },
    [visitor, onOpenMemory, setParams],
  );
  // Item callbacks stay stable (memoized items) and read the latest values through a ref.
  const latest = useRef({ send, llm, modes: composer.modes, chatId: state.chatId, entries: state.entries });
  latest.current = { send, llm, modes: composer.modes, chatId: state.chatId, entries: state.entries };
  const { dispatch, regenerate } = session;
  const onVote = useCallback(
    (key: string, v: 1 | -1 | null) => {
      const entry = latest.current.entries.find((e) => e.key === key);
      if (!entry) return;
      dispatch({ type: "vote", key, vote: v });
      if (v) track(v === 1 ? "UpvoteQna" : "DownvoteQna", { query: entry.item.query });
      const id = latest.current.chatId ?? entry.item.chatId;
      if (id)
        void voteQna({ chat_id: id, turn_id: entry.turnId, query: entry.item.query, vote: v ?? 0 }).catch(
          () => toast.error("Your vote could not be saved."),
        );
    },
    [dispatch],
  );
  const onRegenerate = useCallback(
    (key: string, model: string | null) =>
      regenerate(key, { llm: model ?? latest.current.llm, searchType: latest.current.modes }),
    [regenerate],
  );
  const onRetry = useCallback(
    (key: string) => regenerate(key, { llm: latest.current.llm, searchType: latest.current.modes }),
    [regenerate],
  );
  const onAsk = useCallback((q: string) => latest.current.send(q), []);
  const onLogin = useCallback(() => setLoginOpen(true), []);

  const previewId = !onOpenMemory && !visitor ? params.get(previewQueryParam) : null;
  const showGreeting = !visitor && scope.kind !== "source" && session.history === "loaded" && count === 0;

  return (
    <div className={cn("flex h-full min-h-0 flex-col", compact ? "gap-2" : "gap-4")} data-testid="chat-view">
      <div
        className={cn("min-h-0 flex-1 overflow-y-auto", compact ? "px-3 pt-3" : "px-1")}
        data-testid="chat-scroll"
      >
        <div className={cn("mx-auto flex w-full flex-col", compact ? "gap-6" : "max-w-3xl gap-8 py-4")}>
          {session.history === "loading" && (
            <p className="text-sm text-muted-foreground">Loading the conversation…</p>
          )}
          {session.history === "failed" && (
            <p className="rounded-lg border p-4 text-sm" role="alert">
              {chatMessages.noDataReturned}
            </p>
          )}
          {showGreeting && <Greeting />}
          {scope.kind === "source" && session.history === "loaded" && count === 0 && (
            <p className="text-sm text-muted-foreground">Ask anything about this memory.</p>
          )}
          {state.entries.map((e) => (
            <ChatItem
              key={e.key}
              entry={e}
              llms={llmOptions}
              small={mobile || Boolean(compact)}
              visitor={visitor}
              modes={composer.modes}
              busy={busy}
              onOpenSource={openSource}
              onAsk={onAsk}
              onVote={onVote}
              onRegenerate={onRegenerate}
              onRetry={onRetry}
              onLoginPrompt={onLogin}
            />
          ))}
          <div ref={bottom} />
        </div>
      </div>
      <div className={cn("mx-auto w-full shrink-0", compact ? "px-3 pb-3" : "max-w-3xl pb-2")}>
        {pauseTip && (
          <p className="mb-1.5 text-center text-xs text-muted-foreground" role="status">
            Tip: press Stop to pause the answer; what has arrived stays.
          </p>
        )}
        {visitor && session.history !== "failed" && (
          <p className="mb-1.5 text-center text-xs text-muted-foreground">
            You are viewing a shared chat. Follow-up answers come from the memories it cites.
          </p>
        )}
        {session.history !== "failed" && (
          <ChatInput
            value={composer.prompt}
            onChange={composer.setPrompt}
            onSend={() => send()}
            onStop={stop}
            busy={busy}
            placeholder={pageChat ? chatMessages.pageInputPlaceholder : chatMessages.inputPlaceholder}
            modes={
              visitor
                ? undefined
                : {
                    creative: composer.modes.includes("creative"),
                    web: composer.modes.includes("web"),
                    onCreative: () => composer.toggleMode("creative"),
                    onWeb: toggleWeb,
                  }
            }
            pickers={
              visitor ? undefined : (
                <>
                  <AppsPicker apps={[]} selected={composer.apps} onChange={composer.setApps} />
                  <ModelPicker
                    options={models.options}
                    value={llm}
                    canChoose={models.canChoose}
                    onChange={composer.setLlm}
                  />
                </>
              )
            }
            context={
              visitor || scope.kind === "source"
                ? undefined
                : { chips: composer.chips, onAdd: () => setContextOpen(true), onRemove: composer.removeChip }
            }
            attachments={
              visitor || scope.kind === "source"
                ? undefined
                : {
                    items: composer.attachments,
                    onPick: composer.pickFiles,
                    onRemove: composer.removeAttachment,
                  }
            }
          />
        )}
      </div>
      {!visitor && (
        <ContextPicker
          open={contextOpen}
          onOpenChange={setContextOpen}
          selected={composer.chips}
          onToggle={composer.toggleChip}
        />
      )}
      <LoginPrompt open={loginOpen} onOpenChange={setLoginOpen} />
      {previewId && (
        <SourcePreviewDialog
          sourceId={previewId}
          onClose={() =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.delete(previewQueryParam);
              return next;
            })
          }
        />
      )}
    </div>
  );
}
