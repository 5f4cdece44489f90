import { z } from "zod";
import { endpoints } from "@mnemo/contracts";
import { zGenerationInstructions } from "@mnemo/contracts/chat";
import { api } from "@/lib/api";

/** POST /api/user_generation_instructions answers the saved text (its entry documents no answer). */
const saveInstructions = {
  ...endpoints.chat.setGenerationInstructions,
  response: zGenerationInstructions.extend({ success: z.literal(true) }),
};

/** GET /api/user_generation_instructions (spec 1 §7). */
export async function getGenerationInstructions(signal?: AbortSignal): Promise<string> {
  return (await api.request(endpoints.chat.getGenerationInstructions, { signal })).generation_instructions;
}

/** POST /api/user_generation_instructions with the new text. */
export async function saveGenerationInstructions(text: string): Promise<string> {
  const r = await api.request(saveInstructions, { body: { generation_instructions: text } });
  return r.generation_instructions;
}
