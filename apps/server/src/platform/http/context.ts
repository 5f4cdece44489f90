import type { Actor } from "../context.ts";
import type { Logger } from "../logger.ts";

/** What the HTTP layer keeps per request. Services and jobs never import this file. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    actor: Actor;
  };
};
