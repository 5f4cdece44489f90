/**
 * The connectors' parses of untrusted input, run in the sandbox (platform/sandbox): feeds, mail
 * messages, notes' front matter and WebDAV listings. Each parser loads with its first call.
 */
import { sandboxTask } from "../../../platform/sandbox/task.ts";
import type * as FeedParse from "./feed-parse.ts";
import type * as MailParse from "./mail-parse.ts";
import type * as FrontMatter from "../../../platform/lib/front-matter.ts";
import type * as DavListing from "./dav-listing.ts";

/** RSS / Atom / JSON Feed (the feed parser loads with the first feed). */
export const parseFeedTask = sandboxTask<typeof FeedParse.parseFeedDocument>(
  new URL("./feed-parse.ts", import.meta.url),
  "parseFeedDocument",
);
/** One e-mail message (RFC 5322) of the Mail connector: headers, body and attachments. */
export const parseMailTask = sandboxTask<typeof MailParse.parseMailSource>(
  new URL("./mail-parse.ts", import.meta.url),
  "parseMailSource",
);
/** Synced notes' YAML front matter, a batch of blocks per call (the YAML parser loads with the first). */
export const parseFrontMatterTask = sandboxTask<typeof FrontMatter.readFrontMatters>(
  new URL("../../../platform/lib/front-matter.ts", import.meta.url),
  "readFrontMatters",
);
/** A WebDAV folder listing (PROPFIND multistatus XML) of the WebDAV connector. */
export const parseDavListingTask = sandboxTask<typeof DavListing.parseDavListing>(
  new URL("./dav-listing.ts", import.meta.url),
  "parseDavListing",
);
