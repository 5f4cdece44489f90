import { createContext, useContext } from "react";
import type { SourceResult } from "@mnemo/contracts/chat";
import type { LlmOption } from "@mnemo/contracts/llm";

/** What a chat item does when the user acts on it; each callback is stable for the view's life. */
export type ChatItemActions = {
  openSource: (s: SourceResult) => void;
  ask: (q: string) => void;
  vote: (key: string, v: 1 | -1 | null) => void;
  /** The item's answer was saved as the memory `sourceId`. */
  saved: (key: string, sourceId: string) => void;
  regenerate: (key: string, llm: string | null) => void;
  retry: (key: string) => void;
  loginPrompt: () => void;
  /** Modify of the item's e-mail tool call with the user's prompt. */
  modifyToolCall: (key: string, prompt: string) => void;
  /** Execute of the item's e-mail tool call. */
  executeToolCall: (key: string) => Promise<{ success: boolean; message: string }>;
};

/** What every item of one conversation shares: how it is shown and what its actions do. */
export type ChatItemContextValue = {
  llms: LlmOption[];
  /** Smaller type (phones and side panels). */
  small: boolean;
  /** A visitor of a public chat: no votes, regenerate asks to sign in. */
  visitor: boolean;
  /** Modes of the question while it loads (for the hint line). */
  modes: string[];
  busy: boolean;
  actions: ChatItemActions;
};

const ChatItemContext = createContext<ChatItemContextValue | null>(null);

export const ChatItemProvider = ChatItemContext.Provider;

/** The conversation's shared item settings; only inside a chat view. */
export function useChatItemContext(): ChatItemContextValue {
  const value = useContext(ChatItemContext);
  if (!value) throw new Error("A chat item is rendered outside a chat view.");
  return value;
}
