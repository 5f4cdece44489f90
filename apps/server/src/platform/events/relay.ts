import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { EventRelay } from "./bus.ts";
import { postgresRelay } from "./pg-relay.ts";
import { pgliteRelay } from "./pglite-relay.ts";

/** The database's LISTEN/NOTIFY as the bus's relay: PostgreSQL's pool, or embedded PGlite. */
export function databaseRelay(database: Pick<Database, "pool" | "pglite">, log: Logger): EventRelay {
  if (database.pool) return postgresRelay(database.pool, log);
  if (database.pglite) return pgliteRelay(database.pglite, log);
  throw new Error("The database has neither a PostgreSQL pool nor a PGlite instance.");
}
