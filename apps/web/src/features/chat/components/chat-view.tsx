import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { isAgentId } from "@mnemo/contracts/llm";
import { useUpdateMetadata, useMe } from "@/features/users";
import { useConnectedAppOptions } from "@/features/apps";
import { useIsMobile } from "@/hooks/use-media-query";
import { authToken } from "@/lib/auth-token";
import { cn } from "@/lib/utils";
import { useChatSession, type ChatScope } from "../hooks/use-chat-session";
import { useComposer } from "../hooks/use-composer";
import { useItemActions } from "../hooks/use-item-actions";
import { useModels } from "../hooks/use-models";
import { usePauseTip } from "../hooks/use-pause-tip";
import { useWebSearchGate } from "../hooks/use-web-search-gate";
import { isDemoMode } from "../logic/demo";
import { ChatComposer } from "./chat-composer";
import { ChatItemProvider, type ChatItemContextValue } from "./chat-item-context";
import { ChatTranscript } from "./chat-transcript";
import { Greeting } from "./greeting";
import { LoginPrompt } from "./login-prompt";
import { PublicMemoryDialog } from "@/features/preview";
import type { SourceResult } from "@mnemo/contracts/chat";

export type ChatViewProps = {
  scope: ChatScope;
  /** The chat id became known (first answer of a new chat). */
  onChatId?: (id: string) => void;
  /** Page chat type: the 'Plan, ask, write anything...' placeholder. */
  pageChat?: boolean;
  /** Compact layout (side panel). */
  compact?: boolean;
  /** Receives the session's reset, for a 'Clear chat history' button outside. */
  sessionRef?: (s: { reset: () => void; chatId: string | null }) => void;
};

/**
 * A whole conversation for every scope (spec 1 §2): wires the session, the composer and the model
 * choice together and lays out the transcript above the composer. A cited memory opens through
 * the address (`?preview=<id>`); the page around the chat shows it.
 */
export function ChatView({ scope, onChatId, pageChat, compact, sessionRef }: ChatViewProps) {
  const visitor = scope.kind === "public";
  const demo = isDemoMode(window.location.search);
  const models = useModels(!visitor);
  const me = useMe(!visitor);
  const updateMetadata = useUpdateMetadata();
  const session = useChatSession(scope, { applyOptions: { strongerModel: models.stronger }, demo });
  const { state, busy } = session;
  const composer = useComposer({
    persist: scope.kind === "main" || scope.kind === "collection",
    collectionId: scope.kind === "collection" ? scope.collectionId : null,
    chatId: state.chatId,
  });
  const [loginOpen, setLoginOpen] = useState(false);
  const mobile = useIsMobile();
  const llm =
    composer.llm && models.options.some((o) => o.id === composer.llm && o.is_active)
      ? composer.llm
      : (models.fallback?.id ?? null);

  // Only a chat id the session learns is announced: a new callback (the page moved to /chat/new)
  // must not re-announce the old conversation's id and send the page back to it.
  const announce = useRef(onChatId);
  announce.current = onChatId;
  useEffect(() => {
    if (state.chatId) announce.current?.(state.chatId);
  }, [state.chatId]);
  useEffect(
    () => sessionRef?.({ reset: session.reset, chatId: state.chatId }),
    [sessionRef, session.reset, state.chatId],
  );

  const pauses = me.data?.metadata.streamPauseCount ?? 0;
  const pauseTip = usePauseTip(state.entries.at(-1)?.item.status === "streaming", !visitor, pauses);
  const web = useWebSearchGate(!visitor, busy);
  const connectedApps = useConnectedAppOptions(!visitor);
  const toggleWeb = () =>
    !composer.modes.includes("web") && !web.allowed ? web.refuse() : composer.toggleMode("web");

  const send = (text?: string) => {
    if (busy) return;
    // A signed-out visitor of a public chat is asked to sign in before a follow-up (spec 1 §5).
    if (visitor && !authToken.get()) return setLoginOpen(true);
    // Without a web search provider (a generative model) the Web (Creative) toggle is disabled: a
    // stored Web (Creative) mode is not sent.
    const modes = composer.modes.filter(
      (m) => (m !== "web" || models.webSearch.available) && (m !== "creative" || models.creative.available),
    );
    if (modes.includes("web") && !web.allowed) return web.refuse();
    if (isAgentId(llm) && !web.agents.allowed) return void toast.error(web.agents.refusal);
    // Apps mode is on while any connected app is selected (spec 1 §2 Apps picker).
    const apps = composer.apps.filter((id) => connectedApps.some((a) => a.id === id));
    const searchType = apps.length && !modes.includes("creative") ? [...modes, "apps"] : modes;
    const ok = session.ask(text ?? composer.prompt, {
      llm,
      searchType,
      contextList: composer.contextList,
      selectedApps: apps,
    });
    if (ok && text === undefined) composer.setPrompt("");
  };
  const stop = () => {
    if (!session.stop()) return;
    pauseTip.hide();
    if (!visitor && me.data) updateMetadata.mutate({ streamPauseCount: pauses + 1 });
  };

  const onLogin = useCallback(() => setLoginOpen(true), []);
  const [publicSource, setPublicSource] = useState<SourceResult | null>(null);
  const actions = useItemActions({
    latest: {
      send,
      modify: (prompt, modify) => {
        if (!busy) session.ask(prompt, { llm, searchType: composer.modes, modify });
      },
      llm,
      modes: composer.modes,
      chatId: state.chatId,
      entries: state.entries,
    },
    visitor,
    dispatch: session.dispatch,
    regenerate: session.regenerate,
    onLogin,
    onPublicSource: scope.kind === "public" ? setPublicSource : undefined,
  });
  const llms = useMemo(() => models.options.filter((o) => o.type === "llm"), [models.options]);
  const small = mobile || Boolean(compact);
  const items = useMemo<ChatItemContextValue>(
    () => ({ llms, small, visitor, modes: composer.modes, busy, actions }),
    [llms, small, visitor, composer.modes, busy, actions],
  );

  return (
    <div className={cn("flex h-full min-h-0 flex-col", compact ? "gap-2" : "gap-4")} data-testid="chat-view">
      <ChatItemProvider value={items}>
        <ChatTranscript
          entries={state.entries}
          history={session.history}
          compact={compact}
          empty={
            scope.kind === "source" ? (
              <p className="text-sm text-muted-foreground">Ask anything about this memory.</p>
            ) : visitor ? null : (
              <Greeting />
            )
          }
        />
      </ChatItemProvider>
      <div className={cn("mx-auto w-full shrink-0", compact ? "px-3 pb-3" : "max-w-3xl pb-2")}>
        {pauseTip.shown && (
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
          <ChatComposer
            connectedApps={connectedApps}
            composer={composer}
            models={models}
            llm={llm}
            visitor={visitor}
            memoryChat={scope.kind === "source"}
            pageChat={pageChat}
            busy={busy}
            onSend={() => send()}
            onStop={stop}
            onToggleWeb={toggleWeb}
            webUnavailable={models.webSearch.available ? undefined : models.webSearch.reason}
            creativeUnavailable={models.creative.available ? undefined : models.creative.reason}
            agentsRefusal={web.agents.allowed ? undefined : web.agents.refusal}
          />
        )}
      </div>
      <LoginPrompt open={loginOpen} onOpenChange={setLoginOpen} />
      {scope.kind === "public" && publicSource && (
        <PublicMemoryDialog
          chatId={scope.chatId}
          token={scope.token}
          sourceId={publicSource.id}
          passage={publicSource.anchor}
          onClose={() => setPublicSource(null)}
        />
      )}
    </div>
  );
}
