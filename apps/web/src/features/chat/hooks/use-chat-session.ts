import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatRequestInput, ContextItemInput } from "./types";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { createNdjsonDecoder, type ApplyOptions, type StreamLine } from "@mnemo/contracts/stream";
import { errorMessage } from "@/lib/api";
import { refreshMemoryLists } from "@/lib/query-keys";
import {
  fetchChatHistory,
  fetchPublicHistory,
  fetchSourceChats,
  recordStoppedAnswer,
  streamPublicQna,
  streamQna,
} from "../api/chats";
import { findDemo } from "../logic/demo";
import { answerErrorOf } from "../logic/text";
import { emptySession, isBusy, sessionReducer, trimQuery } from "../logic/session";
import { userSystemDate } from "@/lib/user-system-date";

/** Where the chat lives: the main chat, one memory's side panel, a collection, or a public view. */
export type ChatScope =
  | { kind: "main"; chatId: string | null }
  | { kind: "source"; sourceId: string }
  | { kind: "collection"; collectionId: string; chatId: string | null }
  | { kind: "public"; chatId: string; token: string };

export type AskOptions = {
  llm: string | null;
  searchType: string[];
  contextList?: ContextItemInput[];
  selectedApps?: string[];
  retry?: boolean;
  /** Modify of an e-mail tool call (spec 1 §4): the question is the modification prompt. */
  modify?: { config: { tool_name: string; params: Record<string, unknown> }; index: number };
};

let seq = 0;
const newKey = () => `item-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/**
 * The chat controller: loads history for the scope, sends questions, reads the NDJSON stream with
 * the contracts parser and applies its lines once per animation frame (a 20,000-word answer must
 * not re-render per line), stops answers (cancelled, partial text kept).
 */
export function useChatSession(scope: ChatScope, opts: { applyOptions?: ApplyOptions; demo?: boolean } = {}) {
  const [state, dispatch] = useReducer(sessionReducer, emptySession);
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<"idle" | "loading" | "loaded" | "failed">("idle");
  const controllers = useRef(new Map<string, AbortController>());
  /** Items stopped by the reader whose shown text is still to be recorded. */
  const stopped = useRef(new Set<string>());
  const stateRef = useRef(state);
  stateRef.current = state;
  const applyRef = useRef(opts.applyOptions);
  applyRef.current = opts.applyOptions;
  /**
   * A question asked while the conversation's history loads (a memory's panel just opened) waits
   * for it: it shows at once, and is sent with the loaded chat's id once the history is in.
   */
  const loading = useRef(false);
  const queued = useRef<{ key: string; question: string; o: AskOptions }[]>([]);

  const scopeKey =
    scope.kind === "source"
      ? `s:${scope.sourceId}`
      : scope.kind === "public"
        ? `p:${scope.chatId}`
        : `${scope.kind}:${scope.chatId ?? ""}`;
  useEffect(() => {
    const ctrl = new AbortController();
    const known = stateRef.current.chatId;
    // A new chat that just learned its id (the page's URL follows) keeps its live items.
    if ((scope.kind === "main" || scope.kind === "collection") && (!scope.chatId || scope.chatId === known)) {
      // New chat from inside an open one: the old conversation's answers stop and leave.
      if (!scope.chatId && known) {
        controllers.current.forEach((c) => c.abort());
        dispatch({ type: "reset" });
      }
      setHistory("loaded");
      return;
    }
    setHistory("loading");
    loading.current = true;
    const keep = () => queued.current.map((q) => q.key);
    (async () => {
      if (scope.kind === "public") {
        const res = await fetchPublicHistory(scope.chatId, scope.token, ctrl.signal);
        dispatch({ type: "history", chatId: res.chat_id, records: res.chat_history });
      } else if (scope.kind === "source") {
        const chats = await fetchSourceChats(scope.sourceId, ctrl.signal);
        const found = chats.chats[0];
        if (found) {
          const res = await fetchChatHistory(found.chat_id, ctrl.signal);
          dispatch({ type: "history", chatId: found.chat_id, records: res.session_data, keep: keep() });
        } else dispatch({ type: "reset", keep: keep() });
      } else if (scope.chatId) {
        const res = await fetchChatHistory(scope.chatId, ctrl.signal);
        dispatch({ type: "history", chatId: res.chat_id, records: res.session_data, keep: keep() });
      }
      loading.current = false;
      setHistory("loaded");
    })().catch(() => {
      if (ctrl.signal.aborted) return;
      loading.current = false;
      // Spec 1 §4: when history cannot be loaded, a fresh session starts (public views say so instead).
      const failed = scope.kind === "public";
      if (failed) queued.current = [];
      dispatch({ type: "reset", keep: keep() });
      setHistory(failed ? "failed" : "loaded");
    });
    return () => {
      ctrl.abort();
      loading.current = false;
      queued.current = [];
    };
    // scopeKey captures every field of scope that matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeKey]);

  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const run = useCallback(
    async (key: string, question: string, o: AskOptions) => {
      const ctrl = new AbortController();
      controllers.current.set(key, ctrl);
      let buffer: StreamLine[] = [];
      let frame = 0;
      let ended = false;
      const flush = () => {
        frame = 0;
        if (!buffer.length) return;
        const lines = buffer;
        buffer = [];
        dispatch({ type: "lines", key, lines, options: applyRef.current });
      };
      const push = (lines: StreamLine[]) => {
        if (!lines.length) return;
        if (lines.some((l) => l.end_of_data)) ended = true;
        // An agent saved a memory (echo memory): the wall and lists show it without a reload.
        if (lines.some((l) => l.added_echo_memory)) void refreshMemoryLists(queryClient);
        buffer.push(...lines);
        if (!frame) frame = requestAnimationFrame(flush);
      };
      try {
        const demo = opts.demo ? findDemo(question) : null;
        if (demo) {
          await new Promise((r) => setTimeout(r, chatConstants.demoResultDelayMs));
          if (ctrl.signal.aborted) throw new DOMException("stopped", "AbortError");
          push(demo);
        } else {
          const s = stateRef.current;
          const body: ChatRequestInput = {
            question,
            selected_generation_model: o.llm,
            search_type: o.searchType,
            chat_id: scope.kind === "public" ? scope.chatId : s.chatId,
            user_system_date: userSystemDate(),
            context_list: o.contextList?.length ? o.contextList : undefined,
            selected_apps_list: o.selectedApps?.length ? o.selectedApps : undefined,
            is_retry_llm: o.retry || undefined,
            ...(o.modify
              ? {
                  modify_tool_call: question,
                  tool_call_config: o.modify.config,
                  tool_call_index: o.modify.index,
                }
              : {}),
            ...(scope.kind === "source"
              ? { source_id: scope.sourceId, is_qna_source_preview_chat: true }
              : {}),
            ...(scope.kind === "collection" ? { collection_id: scope.collectionId } : {}),
            ...(scope.kind === "public"
              ? {
                  is_public: true,
                  session_context: s.entries
                    .filter((e) => e.item.status === "success")
                    .map((e) => ({ user_query: e.item.query, answer: e.item.response })),
                }
              : {}),
          };
          const res =
            scope.kind === "public"
              ? await streamPublicQna(scope.token, body, ctrl.signal)
              : await streamQna(body, ctrl.signal);
          const reader = res.body!.getReader();
          const dec = createNdjsonDecoder();
          for (;;) {
            const { done, value } = await reader.read();
            push(done ? dec.end() : dec.push(value));
            if (done) break;
          }
        }
        cancelAnimationFrame(frame);
        flush();
        if (!ended)
          dispatch({
            type: "fail",
            key,
            message: "The answer stopped before it was complete. Please try again.",
          });
      } catch (err) {
        cancelAnimationFrame(frame);
        flush();
        if (ctrl.signal.aborted) dispatch({ type: "cancel", key });
        else
          dispatch({
            type: "fail",
            key,
            message: errorMessage(err, "Something went wrong while answering. Please try again."),
            code: answerErrorOf(err),
          });
      } finally {
        controllers.current.delete(key);
      }
    },
    // scope is read through scopeKey; opts.demo is a page-level flag
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scopeKey, opts.demo, queryClient],
  );

  // The history is in: a question that waited for it is sent now, with the loaded chat's id.
  useEffect(() => {
    if (history !== "loaded" || !queued.current.length) return;
    const waiting = queued.current;
    queued.current = [];
    for (const q of waiting) void run(q.key, q.question, q.o);
  }, [history, run]);

  const ask = useCallback(
    (query: string, o: AskOptions): boolean => {
      const q = trimQuery(query);
      if (!q || isBusy(stateRef.current)) return false;
      const key = newKey();
      const demo = Boolean(opts.demo && findDemo(q));
      dispatch({ type: "ask", key, query: q, llm: o.llm, searchType: o.searchType, demo });
      if (loading.current) queued.current.push({ key, question: q, o });
      else void run(key, q, o);
      return true;
    },
    [run, opts.demo],
  );

  const regenerate = useCallback(
    (key: string, o: AskOptions) => {
      const entry = stateRef.current.entries.find((e) => e.key === key);
      if (!entry || isBusy(stateRef.current)) return;
      const next = newKey();
      dispatch({ type: "regenerate", key, newKey: next, llm: o.llm });
      void run(next, entry.item.query, {
        ...o,
        searchType: entry.item.searchType.filter((t) => t !== "memories"),
        retry: true,
      });
    },
    [run],
  );

  /** Stops the answer in progress: the fetch is aborted, the item becomes cancelled. */
  const stop = useCallback(() => {
    const last = stateRef.current.entries.at(-1);
    if (!last) return false;
    const ctrl = controllers.current.get(last.key);
    if (!ctrl) {
      // Still waiting for the history: it is never sent.
      if (!queued.current.some((q) => q.key === last.key)) return false;
      queued.current = queued.current.filter((q) => q.key !== last.key);
      dispatch({ type: "cancel", key: last.key });
      return true;
    }
    ctrl.abort();
    dispatch({ type: "cancel", key: last.key });
    if (scope.kind !== "public") stopped.current.add(last.key);
    return true;
    // scope is read through scopeKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeKey]);

  // A stopped answer is stored exactly as it is shown once cancelled (the server may have
  // generated more than reached the screen): its text is sent once the cancel is rendered.
  useEffect(() => {
    for (const key of stopped.current) {
      const entry = state.entries.find((e) => e.key === key);
      if (!entry) {
        stopped.current.delete(key);
        continue;
      }
      if (entry.item.status !== "cancelled") continue;
      stopped.current.delete(key);
      const chatId = state.chatId ?? entry.item.chatId;
      if (!chatId || !entry.turnId) continue;
      void recordStoppedAnswer({
        chat_id: chatId,
        turn_id: entry.turnId,
        answer: entry.item.response,
        thoughts: entry.item.chainOfThoughts,
        tool_step_lines: entry.item.toolStepLines,
      }).catch(() => undefined);
    }
  }, [state]);

  const reset = useCallback(() => {
    controllers.current.forEach((c) => c.abort());
    dispatch({ type: "reset" });
  }, []);

  return { state, dispatch, history, busy: isBusy(state), ask, regenerate, stop, reset };
}
