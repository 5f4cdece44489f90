import { describe, expect, it } from "vitest";
import { wholeIntent } from "./whole.ts";

describe("wholeIntent", () => {
  it("knows a question that asks for the whole collection", () => {
    expect(wholeIntent("Summarise this collection")).toEqual({ kind: "summary" });
    expect(wholeIntent("Can you summarize these notes?")).toEqual({ kind: "summary" });
    expect(wholeIntent("What are the key points?")).toEqual({ kind: "summary" });
    expect(wholeIntent("Give me a timeline")).toEqual({ kind: "timeline" });
    expect(wholeIntent("List the events in chronological order")).toEqual({ kind: "timeline" });
    expect(wholeIntent("Show all mentions of the railway?")).toEqual({
      kind: "mentions",
      subject: "the railway",
    });
    expect(wholeIntent("every passage about “Forth Bridge”")).toEqual({
      kind: "mentions",
      subject: "Forth Bridge",
    });
    expect(wholeIntent("Where is Scotland mentioned?")).toEqual({ kind: "mentions", subject: "Scotland" });
  });

  it("leaves a question for its best passages alone", () => {
    expect(wholeIntent("When was the Forth Bridge opened?")).toBeNull();
    expect(wholeIntent("Who painted the bridge?")).toBeNull();
    expect(wholeIntent("What mentions are there in the contract?")).toBeNull();
  });
});
