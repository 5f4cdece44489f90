// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { chatMessages } from "@mnemo/contracts/messages";
import { failChatItem, newChatItem } from "@mnemo/contracts/stream";
import { renderScreen } from "@/test/render";
import { ChatItem } from "./chat-item";
import { ChatItemProvider, type ChatItemContextValue } from "./chat-item-context";

afterEach(cleanup);
// jsdom has no layout: the query bubble's overflow check observes nothing.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const noop = () => {};
const context: ChatItemContextValue = {
  llms: [],
  small: false,
  visitor: false,
  modes: [],
  busy: false,
  actions: {
    openSource: noop,
    ask: noop,
    vote: noop,
    saved: noop,
    regenerate: noop,
    retry: noop,
    loginPrompt: noop,
    modifyToolCall: noop,
    executeToolCall: () => Promise.resolve({ success: true, message: "" }),
  },
};

function showError(message: string, code: "daily_limit" | "plan_limit" | null) {
  const item = failChatItem(newChatItem("What is in my notes?"), message, code);
  renderScreen(
    <ChatItemProvider value={context}>
      <ChatItem entry={{ key: "k", item, turnId: null, vote: null, savedSourceId: null, demo: false }} />
    </ChatItemProvider>,
  );
  return screen.getByRole("alert");
}

describe("a failed answer (spec 1 §8)", () => {
  it("tells a free user at the daily question limit to upgrade, in the spec's words", () => {
    const alert = showError(chatMessages.copilotDailyLimit({ n: 5 }), "daily_limit");
    expect(alert.textContent).toContain(chatMessages.searchLimit);
    expect(alert.textContent).not.toContain("Free users can perform only");
    expect(screen.getByRole("link", { name: /Upgrade/ })).toBeTruthy();
  });

  it("shows another failure's own text with Retry", () => {
    const alert = showError("The model did not answer.", null);
    expect(alert.textContent).toContain("The model did not answer.");
    expect(screen.getByRole("button", { name: chatMessages.labels.retry })).toBeTruthy();
  });
});
