import type { AppFileType } from "@mnemo/contracts";

/** The file types of the App search filter by extension. */
const BY_EXTENSION: Record<string, AppFileType> = {
  pdf: "pdf",
  doc: "document",
  docx: "document",
  odt: "document",
  rtf: "document",
  txt: "document",
  md: "document",
  markdown: "document",
  xls: "spreadsheet",
  xlsx: "spreadsheet",
  ods: "spreadsheet",
  csv: "spreadsheet",
  tsv: "spreadsheet",
  ppt: "presentation",
  pptx: "presentation",
  odp: "presentation",
  key: "presentation",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  bmp: "image",
  svg: "image",
  heic: "image",
  html: "webpage",
  htm: "webpage",
  eml: "email",
};

/** By MIME type (Google's own kinds first: a Doc has no extension). */
function byMime(mime: string): AppFileType | undefined {
  const m = mime.toLowerCase().split(";")[0]!.trim();
  if (m === "application/vnd.google-apps.folder") return "folder";
  if (m === "application/vnd.google-apps.document") return "document";
  if (m === "application/vnd.google-apps.spreadsheet") return "spreadsheet";
  if (m === "application/vnd.google-apps.presentation") return "presentation";
  if (m === "message/rfc822") return "email";
  if (m === "application/pdf") return "pdf";
  if (m.startsWith("image/")) return "image";
  if (m === "text/html") return "webpage";
  if (m === "text/csv" || m === "text/tab-separated-values" || m.includes("spreadsheet"))
    return "spreadsheet";
  if (m.includes("presentation")) return "presentation";
  if (m.includes("wordprocessing") || m === "application/msword" || m.startsWith("text/")) return "document";
  return undefined;
}

const extensionOf = (name: string | null | undefined) => {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec((name ?? "").trim());
  return m ? BY_EXTENSION[m[1]!.toLowerCase()] : undefined;
};

/**
 * What the notes of an app are when nothing else says (memories synced before their MIME type was
 * kept): a mailbox's notes are e-mails, Slack's messages, Notion's pages, a feed's web pages.
 */
const NOTES_OF_APP: Record<string, AppFileType> = {
  mail: "email",
  gmail: "email",
  slack: "message",
  notion: "page",
  rss: "webpage",
};

/**
 * The file type of one app search result (spec 2 §3 Search filters "fileTypes"), whether a live
 * result of the app's own search or a memory its sync saved.
 * - `type`: the live result's `misc.type` (email, message, file, page, database, folder) or the
 *   memory's type (local_source, file, image, webpage, page).
 * - `mimeType`, `name`, `path`: what is known of the file (its MIME type, file name or title, and
 *   its key in the account).
 */
export function appFileType(x: {
  app: string;
  type: string;
  mimeType?: string | null;
  name?: string | null;
  path?: string | null;
}): AppFileType {
  switch (x.type) {
    case "folder":
      return "folder";
    case "email":
      return "email";
    case "message":
      return "message";
    case "page":
    case "database":
    case "canvas":
      return "page";
    case "image":
      return "image";
  }
  const mime = x.mimeType ? byMime(x.mimeType) : undefined;
  if (mime) return mime;
  if (x.type === "local_source") {
    // A synced note: an Outlook message is keyed outlook/<id>; otherwise the app says, then its name.
    if (x.app === "microsoft" && x.path?.startsWith("outlook/")) return "email";
    return NOTES_OF_APP[x.app] ?? extensionOf(x.name) ?? "document";
  }
  if (x.type === "webpage" || x.type === "web_search") {
    const ofApp = NOTES_OF_APP[x.app];
    return ofApp === "page" ? "page" : x.app === "github" ? "document" : "webpage";
  }
  return extensionOf(x.name) ?? "other";
}
