import type { z } from "zod";
import type { ChatRequestInput as Input, zContextItem } from "@mnemo/contracts/chat";

export type ChatRequestInput = Input;
export type ContextItemInput = z.input<typeof zContextItem>;
