import { describe, expect, it } from "vitest";
import { spentQnaKinds, type QnaRan, type QnaUsage } from "./guards.ts";

const all: QnaRan = { answer: true, web: true, apps: true };

describe("spentQnaKinds: a question spends only the counters of what ran", () => {
  it.each<[string, QnaUsage, QnaRan, string[]]>([
    ["a plain question", {}, all, ["qna"]],
    [
      "web, apps, an agent: all ran",
      { search_type: ["web", "apps"], selected_generation_model: "research_agent" },
      all,
      ["web", "apps", "agent", "qna"],
    ],
    ["web asked, no provider", { search_type: ["web"] }, { ...all, web: false }, ["qna"]],
    ["apps asked, no app search", { search_type: ["apps"] }, { ...all, apps: false }, ["qna"]],
    ["apps turned off by the request", { search_type: ["apps"], disable_apps_search: true }, all, ["qna"]],
    [
      "creative, no generative model: nothing",
      { search_type: ["creative"] },
      { answer: false, web: false, apps: false },
      [],
    ],
    ["web ran but not asked for", {}, all, ["qna"]],
  ])("%s", (_name, request, ran, kinds) => {
    expect(spentQnaKinds(request, ran)).toEqual(kinds);
  });
});
