import type { Config } from "../platform/config.ts";
import type { Logger } from "../platform/logger.ts";
import { resolveAuthSecret, startMnemo } from "./bootstrap.ts";
import { DataDirLockedError } from "../platform/db/lock.ts";
import { runAnnounceCommand, serverTarget } from "../features/notices/cli.ts";
import { createOperatorKey, OPERATOR_HEADER } from "../features/notices/operator.ts";
import { createAnnouncement, withdrawAnnouncement } from "../features/notices/service.ts";

/**
 * `mnemo announce`: on the database when it can open it (PostgreSQL, or an embedded data dir no
 * server holds); else through the running server that holds it, with the operator key. Either
 * way open clients are told at once (PostgreSQL NOTIFY, or the server's own event bus).
 */
export async function announceCommand(config: Config, log: Logger, args: string[]): Promise<number> {
  let mnemo: Awaited<ReturnType<typeof startMnemo>>;
  try {
    mnemo = await startMnemo({ config, log, worker: "off" });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
    const key = createOperatorKey(resolveAuthSecret(config)).token;
    return runAnnounceCommand(args, serverTarget(`http://${host}:${config.PORT}`, key, OPERATOR_HEADER));
  }
  const deps = { db: mnemo.ctx.database.db, events: mnemo.ctx.events };
  try {
    return await runAnnounceCommand(args, {
      create: (input) => createAnnouncement(deps, input),
      withdraw: (uid) => withdrawAnnouncement(deps, uid),
    });
  } finally {
    await mnemo.stop();
  }
}
