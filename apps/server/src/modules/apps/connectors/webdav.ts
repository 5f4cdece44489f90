import path from "node:path";
import type { FileStat, WebDAVClient } from "webdav";
import { FetchError, safeHttpsAgent } from "../../links/safe-fetch.ts";
import { loadYaml, noteItem, type YamlParse } from "./front-matter.ts";
import { MAX_FILE_BYTES, MAX_FILES, MAX_ITEMS_PER_SYNC } from "./folder.ts";
import {
  appPasswordField,
  ConnectError,
  type Connector,
  type ConnectorDeps,
  type SyncItem,
} from "./types.ts";

const NOTE_EXTENSIONS = new Set([".md", ".markdown", ".txt"]);

type DavAccount = { url: string; folder: string; username: string; password: string };

/** A client for the account's server: its address checked like any link, sockets pinned to it. */
async function client(a: DavAccount, deps: ConnectorDeps): Promise<WebDAVClient> {
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    throw new ConnectError("Enter the WebDAV address of your server (https://…).");
  }
  let agent;
  try {
    agent = await safeHttpsAgent(url, deps.fetchOptions);
  } catch (err) {
    if (err instanceof FetchError && err.reason === "insecure_url")
      throw new ConnectError("Please use a secure URL (https) for the WebDAV server.");
    if (err instanceof FetchError && err.reason === "blocked_address")
      throw new ConnectError("This address cannot be reached from Mnemo.");
    throw new ConnectError("The WebDAV server could not be reached.");
  }
  // The WebDAV client loads with the first WebDAV call, not at start-up.
  const { createClient } = await import("webdav");
  return createClient(url.href, { username: a.username, password: a.password, httpsAgent: agent });
}

/** The status a WebDAV call failed with, if it answered. */
const statusOf = (err: unknown) =>
  (err as { status?: number; response?: { status?: number } })?.status ??
  (err as { response?: { status?: number } })?.response?.status;

function davFailure(err: unknown): ConnectError {
  if (err instanceof ConnectError) return err;
  const status = statusOf(err);
  if (status === 401 || status === 403)
    return new ConnectError("The WebDAV server refused the user name or password.", true, status);
  if (status === 404)
    return new ConnectError("This folder does not exist on the WebDAV server.", false, status);
  if (status) return new ConnectError(`The WebDAV server answered with status ${status}.`, false, status);
  return new ConnectError("The WebDAV server could not be reached.");
}

function account(credentials: Record<string, string>): DavAccount {
  const folder = "/" + (credentials.folder ?? "").trim().replace(/^\/+|\/+$/g, "");
  return {
    url: (credentials.url ?? "").trim(),
    folder: folder === "/" ? "/" : folder,
    username: (credentials.username ?? "").trim(),
    password: credentials.password ?? "",
  };
}

/**
 * Files over WebDAV (Nextcloud, ownCloud, any WebDAV server): a chosen folder's Markdown and text
 * notes become memories, synced by ETag (only changed files are read; deleted ones are
 * forgotten). The password is kept sealed; the server's address is checked like any link.
 */
export const webdavConnector: Connector = {
  id: "webdav",
  name: "WebDAV files",
  description: "Sync a folder of notes from Nextcloud, ownCloud or any WebDAV server.",
  logo: "/app-logos/webdav.svg",
  status: "Active",
  rank: 3,
  domains: [],
  authKind: "credentials",
  capabilities: ["sync", "search", "content"],
  credentialFields: [
    {
      name: "url",
      label: "WebDAV address",
      kind: "url",
      required: true,
      placeholder: "https://cloud.example.com/remote.php/dav/files/ada",
      secret: false,
    },
    { name: "folder", label: "Folder", kind: "text", required: false, placeholder: "/Notes", secret: false },
    { name: "username", label: "User name", kind: "text", required: true, placeholder: "ada", secret: false },
    appPasswordField,
  ],
  unavailableReason: null,

  async connect(credentials, deps) {
    const a = account(credentials);
    const dav = await client(a, deps);
    try {
      const stat = (await dav.stat(a.folder)) as FileStat;
      if (stat.type !== "directory") throw new ConnectError("This path is a file, not a folder.");
    } catch (err) {
      throw davFailure(err);
    }
    const host = new URL(a.url).host;
    return {
      externalId: `${a.username}@${host}${a.folder}`,
      title: `${a.folder === "/" ? host : path.posix.basename(a.folder)} (${a.username})`,
      userName: a.username,
      orgUrl: new URL(a.url).origin,
      config: { url: a.url, folder: a.folder, username: a.username },
      secret: { password: a.password },
    };
  },

  async sync(stored, deps) {
    const a = account({
      url: String(stored.config.url ?? ""),
      folder: String(stored.config.folder ?? "/"),
      username: String(stored.config.username ?? ""),
      password: stored.secret?.password ?? "",
    });
    const dav = await client(a, deps);
    let listing: FileStat[];
    try {
      listing = (await dav.getDirectoryContents(a.folder, { deep: true })) as FileStat[];
    } catch (err) {
      throw davFailure(err);
    }
    const seen: Record<string, string> = {
      ...((stored.cursor?.files as Record<string, string> | undefined) ?? {}),
    };
    const files = listing
      .filter((f) => f.type === "file" && NOTE_EXTENSIONS.has(path.posix.extname(f.basename).toLowerCase()))
      .filter((f) => !f.filename.split("/").some((part) => part.startsWith(".")))
      .slice(0, MAX_FILES);
    const present = new Set<string>();
    const items: SyncItem[] = [];
    let yaml: YamlParse | undefined;
    for (const f of files) {
      const key = path.posix.relative(a.folder, f.filename);
      present.add(key);
      const stamp = f.etag ?? `${f.lastmod}:${f.size}`;
      if (seen[key] === stamp) continue;
      if (items.length >= MAX_ITEMS_PER_SYNC) continue;
      if (f.size > MAX_FILE_BYTES) {
        seen[key] = stamp;
        continue;
      }
      let text: string;
      try {
        text = (await dav.getFileContents(f.filename, { format: "text" })) as string;
      } catch (err) {
        throw davFailure(err);
      }
      items.push(noteItem(key, f.basename, text, (yaml ??= await loadYaml())));
      seen[key] = stamp;
    }
    const removed = Object.keys(seen).filter((k) => !present.has(k));
    for (const k of removed) delete seen[k];
    return { items, cursor: { files: seen }, removed };
  },
};
