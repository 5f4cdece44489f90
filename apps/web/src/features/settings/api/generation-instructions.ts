import { z } from "zod";
import { zGenerationInstructions } from "@mnemo/contracts/chat";
import { api } from "@/lib/api";

/** GET /api/user_generation_instructions (spec 1 §7). */
export async function getGenerationInstructions(signal?: AbortSignal): Promise<string> {
  return (await api.request("/api/user_generation_instructions", { schema: zGenerationInstructions, signal }))
    .generation_instructions;
}

/** POST /api/user_generation_instructions with the new text. */
export async function saveGenerationInstructions(text: string): Promise<string> {
  const r = await api.request("/api/user_generation_instructions", {
    method: "POST",
    body: { generation_instructions: text },
    schema: zGenerationInstructions.extend({ success: z.literal(true) }),
  });
  return r.generation_instructions;
}
