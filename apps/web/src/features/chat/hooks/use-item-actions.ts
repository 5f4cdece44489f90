import { useCallback, useMemo, useRef } from "react";
import { toast } from "sonner";
import type { SourceResult } from "@mnemo/contracts/chat";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { executeToolCall, recordSavedAnswer, voteQna } from "../api/chats";
import type { ChatEntry, SessionAction } from "../logic/session";
import { track } from "../logic/track";
import type { ChatItemActions } from "../components/chat-item-context";
import type { AskOptions } from "./use-chat-session";

type Latest = {
  send: (q: string) => void;
  /** Sends a Modify of a tool call (the prompt as the question). */
  modify: (prompt: string, modify: NonNullable<AskOptions["modify"]>) => void;
  llm: string | null;
  modes: string[];
  chatId: string | null;
  entries: ChatEntry[];
};

/**
 * The actions of a conversation's items. They stay stable (items are memoized) and read the
 * latest send, model, modes and entries through a ref.
 */
export function useItemActions(opts: {
  latest: Latest;
  visitor: boolean;
  dispatch: (a: SessionAction) => void;
  regenerate: (key: string, o: AskOptions) => void;
  onLogin: () => void;
  /** A visitor of a shared chat opens a cited memory read-only through the share (issue 22). */
  onPublicSource?: (s: SourceResult) => void;
}): ChatItemActions {
  const latest = useRef(opts.latest);
  latest.current = opts.latest;
  const { visitor, dispatch, regenerate, onLogin } = opts;
  const publicSource = useRef(opts.onPublicSource);
  publicSource.current = opts.onPublicSource;
  const { openPreview } = usePreviewParam();
  const preview = useRef(openPreview);
  preview.current = openPreview;

  const openSource = useCallback(
    (s: SourceResult) => {
      if (s.type === "web_search" && s.url) return void window.open(s.url, "_blank", "noopener,noreferrer");
      if (visitor) {
        if (publicSource.current) return void publicSource.current(s);
        return void toast.info("Memories in a shared chat stay private to its owner.");
      }
      preview.current(s.id, s.anchor);
    },
    [visitor],
  );
  const vote = useCallback(
    (key: string, v: 1 | -1 | null) => {
      const entry = latest.current.entries.find((e) => e.key === key);
      if (!entry) return;
      dispatch({ type: "vote", key, vote: v });
      if (v) track(v === 1 ? "UpvoteQna" : "DownvoteQna", { query: entry.item.query });
      const id = latest.current.chatId ?? entry.item.chatId;
      if (id)
        void voteQna({
          chat_id: id,
          turn_id: entry.turnId ?? entry.item.turnId,
          query: entry.item.query,
          vote: v ?? 0,
        }).catch(() => toast.error("Your vote could not be saved."));
    },
    [dispatch],
  );
  const saved = useCallback(
    (key: string, sourceId: string) => {
      const entry = latest.current.entries.find((e) => e.key === key);
      if (!entry) return;
      dispatch({ type: "saved", key, sourceId });
      const id = latest.current.chatId ?? entry.item.chatId;
      // Remembered for reopening; the memory itself is saved either way.
      if (id && entry.turnId)
        void recordSavedAnswer({ chat_id: id, turn_id: entry.turnId, source_id: sourceId }).catch(
          () => undefined,
        );
    },
    [dispatch],
  );
  const regen = useCallback(
    (key: string, model: string | null) =>
      regenerate(key, { llm: model ?? latest.current.llm, searchType: latest.current.modes }),
    [regenerate],
  );
  const retry = useCallback(
    (key: string) => regenerate(key, { llm: latest.current.llm, searchType: latest.current.modes }),
    [regenerate],
  );
  const ask = useCallback((q: string) => latest.current.send(q), []);
  /** The item's tool call and its turn index in the chat (demo items are not stored). */
  const toolCallOf = (key: string) => {
    const stored = latest.current.entries.filter((e) => !e.demo);
    const entry = stored.find((e) => e.key === key);
    if (!entry?.item.tool_call_tool_name) return null;
    return {
      chatId: latest.current.chatId ?? entry.item.chatId,
      config: { tool_name: entry.item.tool_call_tool_name, params: entry.item.tool_call_params ?? {} },
      index: stored.indexOf(entry),
    };
  };
  const modifyToolCall = useCallback((key: string, prompt: string) => {
    const call = toolCallOf(key);
    if (call) latest.current.modify(prompt, { config: call.config, index: call.index });
  }, []);
  const executeCall = useCallback(async (key: string) => {
    const call = toolCallOf(key);
    if (!call?.chatId) return { success: false, message: "This e-mail is not saved yet." };
    return executeToolCall({
      chat_id: call.chatId,
      execute_tool_call: true,
      tool_call_config: call.config,
      tool_call_index: call.index,
    });
  }, []);
  return useMemo(
    () => ({
      openSource,
      ask,
      vote,
      saved,
      regenerate: regen,
      retry,
      loginPrompt: onLogin,
      modifyToolCall,
      executeToolCall: executeCall,
    }),
    [openSource, ask, vote, saved, regen, retry, onLogin, modifyToolCall, executeCall],
  );
}
