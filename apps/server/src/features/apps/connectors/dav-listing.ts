import path from "node:path";

/** A WebDAV folder listing to read: the PROPFIND answer and where the account's URL points. */
export type DavListingInput = {
  xml: string;
  /** The path of the account's WebDAV URL (hrefs are relative to it). */
  basePath: string;
  /** Entries read at most (the rest of a huge listing is ignored). */
  maxEntries: number;
};

/** One entry of a listing, as the sync needs it. */
export type DavEntry = {
  /** The entry's path under the account's URL ("/Notes/a.md"). */
  filename: string;
  basename: string;
  type: "file" | "directory";
  size: number;
  etag: string | null;
  lastmod: string;
};

export type DavListing = { entries: DavEntry[] };

/**
 * Reads a PROPFIND multistatus answer (sandbox only: it is the server's untrusted XML) with the
 * `webdav` client's own parser and property mapping, as its getDirectoryContents does.
 */
export async function parseDavListing({ xml, basePath, maxEntries }: DavListingInput): Promise<DavListing> {
  const { parseXML, prepareFileFromProps } = await import("webdav");
  const dav = await parseXML(xml);
  const responses = dav.multistatus?.response ?? [];
  const base = path.posix.join(basePath.startsWith("/") ? basePath : `/${basePath}`, "/");
  const entries: DavEntry[] = [];
  for (const item of responses.slice(0, maxEntries)) {
    const href = String(item.href ?? "").replace(/^https?:\/\/[^/]+/, "");
    let rel: string;
    try {
      rel =
        base === "/"
          ? decodeURIComponent(href)
          : path.posix.relative(decodeURIComponent(base), decodeURIComponent(href));
    } catch {
      continue; // a malformed escape: not a path we can name
    }
    const filename = "/" + rel.replace(/^\/+|\/+$/g, "");
    const props = item.propstat?.prop;
    if (!props) continue;
    const stat = prepareFileFromProps(props, filename, false);
    entries.push({
      filename: stat.filename,
      basename: stat.basename,
      type: stat.type,
      size: stat.size,
      etag: stat.etag ?? null,
      lastmod: stat.lastmod,
    });
  }
  return { entries };
}
