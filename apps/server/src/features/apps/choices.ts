import type { SetSyncChoicesInput, SyncChoicesResponse } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { AppError, notFound, validation } from "../../platform/lib/errors.ts";
import { ConnectError } from "./connectors/types.ts";
import { findConnector } from "./registry.ts";
import { openAccount, presentCounted, type AppsDeps } from "./service.ts";
import * as repo from "./repo.ts";

async function ownChoosable(deps: AppsDeps, actor: Actor, id: string) {
  const row = await repo.findOwnAccount(deps.db, actor.id, id);
  if (!row) throw notFound("Connected account not found.");
  const connector = findConnector(row.app);
  if (!connector?.choices)
    throw validation("This app syncs everything it is given; there is nothing to choose.");
  return { row, connector, choices: connector.choices };
}

/**
 * GET /apps/sync_choices: what the account can sync (asked of the app now: Slack's channels the
 * user is in), each marked chosen or not. Nothing picked yet: everything is chosen.
 */
export async function syncChoices(deps: AppsDeps, actor: Actor, id: string): Promise<SyncChoicesResponse> {
  const { row, choices } = await ownChoosable(deps, actor, id);
  let items;
  try {
    items = await choices.list(openAccount(deps, row), deps.connector);
  } catch (err) {
    if (err instanceof ConnectError) throw new AppError("upstream", err.message);
    throw err;
  }
  const chosen = choices.read(row.config);
  return {
    label: choices.label,
    chosen_all: chosen === null,
    items: items.map((i) => ({ ...i, chosen: chosen === null || chosen.includes(i.id) })),
  };
}

/**
 * POST /apps/set_sync_choices: the account syncs exactly these items from now on (null: all,
 * the default). Memories of items no longer chosen stay; a sync is queued to bring in new ones.
 */
export async function setSyncChoices(deps: AppsDeps, actor: Actor, input: SetSyncChoicesInput) {
  const { row, choices } = await ownChoosable(deps, actor, input.connection_id);
  const chosen = input.chosen === null ? null : [...new Set(input.chosen)];
  await repo.updateAccountConfig(deps.db, actor.id, row.id, choices.write(row.config, chosen));
  if (row.syncState !== "running" && row.syncState !== "queued") {
    await repo.setSyncState(deps.db, row.id, "queued");
    await deps.enqueueSync(row.id, `choices:${row.id}:${Date.now()}`);
  }
  return { account: await presentCounted(deps, (await repo.findOwnAccount(deps.db, actor.id, row.id))!) };
}
