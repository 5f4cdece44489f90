import { describe, expect, it } from "vitest";
import { zChatRequest } from "@mnemo/contracts/chat";
import { AppError } from "../../../platform/lib/errors.ts";
import type { AnswerEngine } from "../engines/engine.ts";
import type { QnaGrant } from "../../../core/plans/guards.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import { chooseEngine } from "./qna.ts";

const engine = (id: string, generative: boolean): AnswerEngine => ({
  id,
  generative,
  answer: async function* () {},
});
const engines = new Map([
  ["extractive", engine("extractive", false)],
  ["gpt", engine("gpt", true)],
  ["free-model", engine("free-model", true)],
]);
const models = {
  engine: (id: string | null | undefined) => engines.get(id ?? "extractive"),
  generative: () => engines.get("gpt"),
} as unknown as ModelRegistry;
const noGenerative = { ...models, generative: () => undefined } as unknown as ModelRegistry;

const grant = (o: Partial<QnaGrant> = {}) =>
  ({ plan: "pro", day: "2026-01-01", model: null, modelLocked: false, agent: false, ...o }) as QnaGrant;
const ask = (model: string | null, search_type = "memories") =>
  zChatRequest.parse({ question: "q", selected_generation_model: model, search_type });

describe("chooseEngine", () => {
  it.each([
    ["the requested model", models, grant(), ask("gpt"), "gpt", "gpt"],
    ["the default when none is asked for", models, grant(), ask(null), "extractive", "extractive"],
    [
      "the plan's model when the plan locks it",
      models,
      grant({ model: "free-model", modelLocked: true }),
      ask("gpt"),
      "free-model",
      "free-model",
    ],
    [
      "a generative engine for creative mode",
      models,
      grant(),
      ask("extractive", "creative"),
      "extractive",
      "gpt",
    ],
    [
      "none for creative mode without a generative model",
      noGenerative,
      grant(),
      ask("extractive", "creative"),
      "extractive",
      undefined,
    ],
  ])("%s", (_name, registry, g, req, selected, answering) => {
    const chosen = chooseEngine(registry, g, req);
    expect([chosen.selected.id, chosen.engine?.id]).toEqual([selected, answering]);
  });

  it("refuses a model that is not configured", () => {
    expect(() => chooseEngine(models, grant(), ask("nope"))).toThrow(AppError);
  });
});
