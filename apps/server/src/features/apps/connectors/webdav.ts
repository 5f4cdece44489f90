import path from "node:path";
import type { FileStat, WebDAVClient } from "webdav";
import type { DavEntry } from "./dav-listing.ts";
import { FetchError, safeHttpsAgent } from "../../../platform/links/safe-fetch.ts";
import { noteItems } from "../../../platform/lib/front-matter.ts";
import { MAX_FILES, MAX_ITEMS_PER_SYNC } from "./folder.ts";
import { MAX_BYTES_PER_SYNC, maxBytesOf, syncedFileKind } from "./synced-files.ts";
import {
  appPasswordField,
  ConnectError,
  type Connector,
  type ConnectorDeps,
  type SyncItem,
} from "./types.ts";

/** The largest folder listing read (about 20,000 entries of a typical server's PROPFIND answer). */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;

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
 * The folder's entries, all depths: one PROPFIND whose answer (bounded) is parsed in the sandbox.
 */
async function listFolder(dav: WebDAVClient, a: DavAccount, deps: ConnectorDeps): Promise<DavEntry[]> {
  let xml: string;
  try {
    const res = await dav.customRequest(path.posix.join(a.folder, "/"), {
      method: "PROPFIND",
      headers: { Accept: "text/plain,application/xml", Depth: "infinity" },
    });
    if (Number(res.headers.get("content-length") ?? 0) > MAX_LISTING_BYTES) throw tooLarge();
    const body = (res as { body?: unknown }).body;
    xml = isAsyncIterable(body) ? await readBounded(body, MAX_LISTING_BYTES) : await res.text();
    if (xml.length > MAX_LISTING_BYTES) throw tooLarge();
  } catch (err) {
    throw davFailure(err);
  }
  const basePath = new URL(a.url).pathname || "/";
  try {
    const { entries } = await deps.parseDavListing({ xml, basePath, maxEntries: MAX_FILES * 2 });
    return entries;
  } catch {
    throw new ConnectError("The WebDAV server's folder listing could not be read.");
  }
}

const tooLarge = () => new ConnectError("This folder holds too many files to list.");

const isAsyncIterable = (x: unknown): x is AsyncIterable<Uint8Array | string> =>
  typeof (x as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === "function";

/** A response body as text, refused past `max` bytes (a listing is read whole to be parsed). */
async function readBounded(body: AsyncIterable<Uint8Array | string>, max: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += bytes.byteLength;
    if (size > max) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A file over the limit, as a sync item that is never read. */
const tooLargeItem = (key: string, filename: string, mimeType: string, version: string, size: number) =>
  ({
    kind: "blob",
    key,
    filename,
    mimeType,
    bytes: new Uint8Array(0),
    version,
    tooLarge: { size },
  }) satisfies SyncItem;

/**
 * Files over WebDAV (Nextcloud, ownCloud, any WebDAV server): a chosen folder's Markdown and text
 * notes become memories, and its PDFs, Office documents and images file memories (through the
 * extractors, up to the upload limit), synced by ETag (only changed files are read; deleted ones are
 * forgotten). The password is kept sealed; the server's address is checked like any link.
 */
export const webdavConnector: Connector = {
  id: "webdav",
  name: "WebDAV files",
  description: "Sync a folder of notes from Nextcloud, ownCloud or any WebDAV server.",
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
    const listing = await listFolder(dav, a, deps);
    const seen: Record<string, string> = {
      ...((stored.cursor?.files as Record<string, string> | undefined) ?? {}),
    };
    const files = listing
      .filter((f) => f.type === "file" && syncedFileKind(f.basename))
      .filter((f) => !f.filename.split("/").some((part) => part.startsWith(".")))
      .slice(0, MAX_FILES);
    const present = new Set<string>();
    const notes: { key: string; fileName: string; text: string }[] = [];
    const blobs: SyncItem[] = [];
    let bytes = 0;
    for (const f of files) {
      const key = path.posix.relative(a.folder, f.filename);
      const kind = syncedFileKind(f.basename)!;
      present.add(key);
      const stamp = f.etag ?? `${f.lastmod}:${f.size}`;
      if (seen[key] === stamp) continue;
      if (notes.length + blobs.length >= MAX_ITEMS_PER_SYNC || bytes >= MAX_BYTES_PER_SYNC) continue;
      const oversized = (size: number) => {
        // Not read; a file (not a note) is kept as a failed memory that names the limit (issue 43).
        if (kind.kind === "blob") blobs.push(tooLargeItem(key, f.basename, kind.mimeType, stamp, size));
        seen[key] = stamp;
      };
      if (f.size > maxBytesOf(kind, deps.settings.UPLOAD_LIMIT_MB)) {
        oversized(f.size);
        continue;
      }
      try {
        if (kind.kind === "note") {
          const text = (await dav.getFileContents(f.filename, { format: "text" })) as string;
          notes.push({ key, fileName: f.basename, text });
        } else {
          const data = (await dav.getFileContents(f.filename, { format: "binary" })) as ArrayBuffer | Buffer;
          const bytesOf =
            data instanceof ArrayBuffer
              ? new Uint8Array(data)
              : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
          // The listing's size is the server's word: the body read is what counts.
          if (bytesOf.byteLength > maxBytesOf(kind, deps.settings.UPLOAD_LIMIT_MB)) {
            oversized(bytesOf.byteLength);
            continue;
          }
          blobs.push({
            kind: "blob",
            key,
            filename: f.basename,
            mimeType: kind.mimeType,
            bytes: bytesOf,
            version: stamp,
          });
        }
      } catch (err) {
        throw davFailure(err);
      }
      bytes += f.size;
      seen[key] = stamp;
    }
    const items: SyncItem[] = [...(await noteItems(notes, deps.parseFrontMatter)), ...blobs];
    const removed = Object.keys(seen).filter((k) => !present.has(k));
    for (const k of removed) delete seen[k];
    return { items, cursor: { files: seen }, removed };
  },
};
