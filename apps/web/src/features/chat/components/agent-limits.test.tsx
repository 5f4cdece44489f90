// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { chatMessages } from "@mnemo/contracts/messages";
import { webSearchUnavailable, type LlmOption } from "@mnemo/contracts/llm";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ChatInput } from "./chat-input";
import { ModelPicker } from "./model-picker";

afterEach(cleanup);

const option = (id: string, type: "llm" | "agent", name = id): LlmOption => ({
  id,
  name,
  type,
  is_active: true,
  provider: "openai_compatible",
  env: "local",
  rank: 1,
  paid_default: false,
  free_default: false,
});

describe("issue 16 limits in the chat toolbar (spec 1 §5)", () => {
  it("disables exhausted agents in the picker with the spec's message; models stay selectable", () => {
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <ModelPicker
          models={{
            options: [
              option("general", "llm", "General"),
              option("research_agent", "agent", "Research agent"),
            ],
            canChoose: true,
          }}
          value="general"
          onChange={onChange}
          agentsRefusal={chatMessages.agenticSearchLimit}
        />
      </MemoryRouter>,
    );
    fireEvent.keyDown(screen.getByRole("button", { name: /Model/ }), { key: "Enter" });
    const agent = screen.getByRole("menuitem", { name: /Research agent/ });
    expect(agent.getAttribute("aria-disabled")).toBe("true");
    expect(agent.textContent).toContain(chatMessages.agenticSearchLimit);
    expect(screen.getByRole("menuitem", { name: /General/ }).getAttribute("aria-disabled")).toBeNull();
  });

  it("disables the Web toggle with its reason when no web search provider is configured", () => {
    const onWeb = vi.fn();
    // The composer's microphone reads the signed-in user (its recordings are per account).
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>
          <ChatInput
            value=""
            onChange={() => {}}
            onSend={() => {}}
            onStop={() => {}}
            busy={false}
            placeholder="Ask"
            modes={{
              creative: false,
              web: false,
              onCreative: () => {},
              onWeb,
              webUnavailable: webSearchUnavailable,
            }}
          />
        </TooltipProvider>
      </QueryClientProvider>,
    );
    const web = screen.getByRole("button", { name: `Web (unavailable: ${webSearchUnavailable})` });
    expect(web).toHaveProperty("disabled", true);
    fireEvent.click(web);
    expect(onWeb).not.toHaveBeenCalled();
  });
});
