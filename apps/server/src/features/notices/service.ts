import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Announcement, AppUpdates, CreateAnnouncementInput } from "@mnemo/contracts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db/client.ts";
import type { EventBus } from "../../platform/events/bus.ts";
import { notFound } from "../../platform/lib/errors.ts";
import * as repo from "./repo.ts";
import { pick } from "../../platform/lib/pick.ts";

/** What the announcement calls use: the database and the bus that tells open clients. */
export type NoticeDeps = { db: Db; events: Pick<EventBus, "publishToEveryone"> };

function present(r: repo.AnnouncementRow): Announcement {
  return {
    ...pick(r, "uid", "show", "message", "requiredVersion"),
    type: r.type === "alert" ? "alert" : "other",
    created_at: r.createdAt.toISOString(),
  };
}

/** The announcements shown now (every signed-in user sees them until they close one). */
export async function listAnnouncements(db: Db): Promise<Announcement[]> {
  return (await repo.listShown(db)).map(present);
}

/** Publishes an announcement; open clients show it at once (a live `announcement` event). */
export async function createAnnouncement(
  deps: NoticeDeps,
  input: CreateAnnouncementInput,
): Promise<Announcement> {
  const row = await repo.insertAnnouncement(deps.db, {
    uid: crypto.randomUUID(),
    type: input.type,
    message: input.message,
    requiredVersion: input.requiredVersion || null,
  });
  await deps.events.publishToEveryone({ type: "announcement", data: { uid: row.uid, show: true } });
  return present(row);
}

/** Withdraws an announcement for everyone. */
export async function withdrawAnnouncement(deps: NoticeDeps, uid: string): Promise<void> {
  if (!(await repo.hideAnnouncement(deps.db, uid))) throw notFound("No announcement has this uid.");
  await deps.events.publishToEveryone({ type: "announcement", data: { uid, show: false } });
}

/**
 * The version of the web build being served (written by the build to `version.json`), read at most
 * once a minute; null when the build has none (a development server).
 */
export function webVersionReader(webDist: string, now = () => Date.now()): () => string | null {
  let cached: { at: number; version: string | null } | undefined;
  return () => {
    if (cached && now() - cached.at < 60_000) return cached.version;
    let version: string | null;
    try {
      const raw = JSON.parse(fs.readFileSync(path.join(webDist, "version.json"), "utf8")) as {
        version?: unknown;
      };
      version = typeof raw.version === "string" ? raw.version : null;
    } catch {
      version = null;
    }
    cached = { at: now(), version };
    return version;
  };
}

/**
 * The `app-metadata/updates` document (spec 3 §3): the desktop app version set by the operator
 * (DESKTOP_APP_VERSION), read from configuration, never from the internet.
 */
export function appUpdates(config: Pick<Config, "DESKTOP_APP_VERSION">): AppUpdates {
  const version = config.DESKTOP_APP_VERSION;
  return { desktop_app: version ? { version } : null };
}
