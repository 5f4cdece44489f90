import { z } from "zod";

export const zHealth = z.object({
  status: z.literal("ok"),
  version: z.string(),
  database: z.enum(["pglite", "postgres"]),
  extensions: z.record(z.string(), z.boolean()),
  search_index: z.string().optional(),
});
export type Health = z.infer<typeof zHealth>;
