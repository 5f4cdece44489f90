import type { LanguageModel } from "ai";

type LanguageModelObject = Extract<LanguageModel, { specificationVersion: "v3" }>;

/**
 * A language model whose provider package (and the AI SDK behind it, ~25 MB each) loads with the
 * first answer it streams, not with the server: configured models cost nothing at rest.
 * `provider` is a placeholder until then (the AI SDK reads it only for telemetry and warnings).
 */
export function lazyLanguageModel(
  provider: string,
  modelId: string,
  load: () => Promise<LanguageModelObject>,
): LanguageModelObject {
  let loaded: LanguageModelObject | undefined;
  let loading: Promise<LanguageModelObject> | undefined;
  const get = () =>
    (loading ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  return {
    specificationVersion: "v3",
    modelId,
    get provider() {
      return loaded?.provider ?? provider;
    },
    get supportedUrls() {
      return get().then((m) => m.supportedUrls);
    },
    doGenerate: async (options) => (await get()).doGenerate(options),
    doStream: async (options) => (await get()).doStream(options),
  };
}
