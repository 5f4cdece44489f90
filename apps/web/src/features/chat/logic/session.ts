import type { SavedSessionRecord } from "@mnemo/contracts/chat";
import {
  applyStreamLine,
  cancelChatItem,
  failChatItem,
  newChatItem,
  type AnswerErrorCode,
  type ApplyOptions,
  type ChatItemState,
  type StreamLine,
} from "@mnemo/contracts/stream";

/** One chat item on screen: the parser's state plus what only the UI keeps. */
export type ChatEntry = {
  key: string;
  item: ChatItemState;
  /** Stored turn id, when the item came from history. */
  turnId: string | null;
  vote: 1 | -1 | null;
  /** The memory the answer was saved as (Save as memory), remembered across reopening. */
  savedSourceId: string | null;
  /** Canned demo answer (spec 1 §4 demo mode), labelled on screen. */
  demo: boolean;
};

export type SessionState = { entries: ChatEntry[]; chatId: string | null };

export type SessionAction =
  | { type: "ask"; key: string; query: string; llm: string | null; searchType: string[]; demo?: boolean }
  | { type: "lines"; key: string; lines: StreamLine[]; options?: ApplyOptions }
  | { type: "cancel"; key: string }
  | { type: "fail"; key: string; message: string; code?: AnswerErrorCode | null }
  | { type: "regenerate"; key: string; newKey: string; llm: string | null }
  | { type: "vote"; key: string; vote: 1 | -1 | null }
  | { type: "saved"; key: string; sourceId: string }
  /** `keep`: items asked while the history loaded, kept after it. */
  | { type: "history"; chatId: string; records: SavedSessionRecord[]; keep?: string[] }
  | { type: "reset"; chatId?: string | null; keep?: string[] };

export const emptySession: SessionState = { entries: [], chatId: null };

/** Input is trimmed of leading and trailing spaces and tabs (spec 1 §5). */
export function trimQuery(q: string): string {
  return q.replace(/^[ \t]+|[ \t]+$/g, "");
}

/** True while the last item is loading or streaming: a new question is ignored (spec 1 §4). */
export function isBusy(s: SessionState): boolean {
  const last = s.entries.at(-1);
  return last !== undefined && (last.item.status === "loading" || last.item.status === "streaming");
}

function entryFromRecord(r: SavedSessionRecord): ChatEntry {
  const answer = r.thoughts ? `<think>${r.thoughts}</think>${r.answer}` : r.answer;
  let item = newChatItem(r.user_query, r.llm, r.search_types);
  item = applyStreamLine(item, {
    sources: { results: r.sources, relevantResultsCount: r.metadata.most_relevant_results.length },
    most_relevant_results: r.metadata.most_relevant_results,
    other_results: r.metadata.other_results,
    source_id_map: r.metadata.source_id_map,
    chunk: answer,
    follow_up_questions: r.follow_up_questions,
    ...(r.tool_call_tool_name
      ? { tool_call_tool_name: r.tool_call_tool_name, tool_call_params: r.tool_call_params ?? {} }
      : {}),
    ...(r.added_echo_memory ? { added_echo_memory: true } : {}),
  });
  item = {
    ...item,
    // Turns stored before tool steps were typed have none: their thoughts carry marked lines.
    toolSteps: r.tool_steps ?? null,
    isThinking: false,
    endOfData: true,
    status: r.status === "cancelled" ? "cancelled" : r.status === "error" ? "error" : "success",
  };
  const vote = r.vote === 1 || r.vote === -1 ? r.vote : null;
  return { key: r.id, item, turnId: r.id, vote, savedSourceId: r.saved_source_id ?? null, demo: false };
}

function update(s: SessionState, key: string, fn: (e: ChatEntry) => ChatEntry): SessionState {
  let changed = false;
  const entries = s.entries.map((e) => {
    if (e.key !== key) return e;
    const next = fn(e);
    if (next !== e) changed = true;
    return next;
  });
  return changed ? { ...s, entries } : s;
}

/** The chat session reducer (spec 1 §4): pure; the hook feeds it stream lines and user actions. */
export function sessionReducer(s: SessionState, a: SessionAction): SessionState {
  switch (a.type) {
    case "ask": {
      const query = trimQuery(a.query);
      if (!query || isBusy(s)) return s;
      const entry: ChatEntry = {
        key: a.key,
        item: newChatItem(query, a.llm, a.searchType),
        turnId: null,
        vote: null,
        savedSourceId: null,
        demo: Boolean(a.demo),
      };
      return { ...s, entries: [...s.entries, entry] };
    }
    case "lines":
      return withChatId(
        update(s, a.key, (e) => {
          let item = e.item;
          for (const line of a.lines) item = applyStreamLine(item, line, a.options);
          // The head line names the stored turn: votes, Stop and Save refer to it.
          return item === e.item ? e : { ...e, item, turnId: e.turnId ?? item.turnId };
        }),
      );
    case "cancel":
      return update(s, a.key, (e) => {
        const item = cancelChatItem(e.item);
        return item === e.item ? e : { ...e, item };
      });
    case "fail":
      return update(s, a.key, (e) =>
        e.item.status === "cancelled" ? e : { ...e, item: failChatItem(e.item, a.message, a.code) },
      );
    case "regenerate": {
      if (isBusy(s)) return s;
      return update(s, a.key, (e) => ({
        key: a.newKey,
        item: newChatItem(e.item.query, a.llm, e.item.searchType),
        turnId: null,
        vote: null,
        savedSourceId: null,
        demo: false,
      }));
    }
    case "vote":
      return update(s, a.key, (e) => (e.vote === a.vote ? e : { ...e, vote: a.vote }));
    case "saved":
      // The saved answer is an echo memory (spec 1 §3 isEchoMemory): the item says so.
      return update(s, a.key, (e) => ({
        ...e,
        savedSourceId: a.sourceId,
        item: { ...e.item, isEchoMemory: true },
      }));
    case "history":
      return { chatId: a.chatId, entries: [...a.records.map(entryFromRecord), ...kept(s, a.keep)] };
    case "reset":
      return { chatId: a.chatId ?? null, entries: kept(s, a.keep) };
  }
}

function kept(s: SessionState, keys: string[] | undefined): ChatEntry[] {
  return keys?.length ? s.entries.filter((e) => keys.includes(e.key)) : [];
}

/** The session learns its chat id from the first reply line that carries one. */
function withChatId(s: SessionState): SessionState {
  if (s.chatId) return s;
  const id = s.entries.find((e) => e.item.chatId)?.item.chatId;
  return id ? { ...s, chatId: id } : s;
}
