/**
 * What a synced item is known by (issue 43): the app and the source's own identity — the account
 * as the app knows it (mail: user, host and mailbox; WebDAV: user, host and folder; a feed: its
 * URL) — plus the item's key there (mail: UIDVALIDITY/UID; WebDAV: the file's path). Not our
 * account row: an account removed keeping its memories and connected again finds them.
 */
export const ITEM_KEYS_VERSION = 2;

/** The config flag saying the account's memories are keyed by `itemScope` (not its row id). */
export const ITEM_KEYS_FLAG = "item_keys";

/** The identity every item of an account is keyed under. */
export const itemScope = (row: { app: string; externalId: string }) => `${row.app}\n${row.externalId}`;

/** Whether an account's memories are keyed by `itemScope` already (accounts of before issue 43 are not). */
export const keyedByScope = (config: Record<string, unknown>) => config[ITEM_KEYS_FLAG] === ITEM_KEYS_VERSION;
