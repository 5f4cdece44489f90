import { describe, expect, it } from "vitest";
import { sharedChatOf, sharedChatPath } from "./shared-chat";

describe("shared chat address (spec 1 §2)", () => {
  it("opens shared chats at /chat/{id}?shared=true&new=true", () => {
    expect(sharedChatPath("c1", "t/k")).toBe("/chat/c1?shared=true&new=true&token=t%2Fk");
  });

  it.each([
    ["/chat/c1", "?shared=true&new=true&token=abc", { chatId: "c1", token: "abc" }],
    ["/chat/c1", "?shared=true", { chatId: "c1", token: "" }],
    ["/chat/c1", "", null],
    ["/chat/c1", "?shared=false", null],
    ["/chat", "?shared=true", null],
    ["/collections/c1", "?shared=true", null],
  ])("%s%s", (path, search, expected) => expect(sharedChatOf(path, search)).toEqual(expected));
});
