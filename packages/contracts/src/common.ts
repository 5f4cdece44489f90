import { z } from "zod";

/** The answer of a call that only reports it was done. */
export const zSuccess = z.object({ success: z.literal(true) });
