/**
 * Link validation shared by the Add Links dialog and the server (spec 2 §5 Links, §9). Pure
 * functions: no network, no DOM. The server repeats the same checks and then fetches safely.
 */
import { links as linkLimits } from "./constants.ts";
import { linkMessages } from "./messages.ts";

/** The WHATWG URL class (present in browsers and Node; this package's lib has no DOM types). */
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  href: string;
  username: string;
  password: string;
  searchParams: { get(name: string): string | null };
};

export type LinkCheck = { ok: true; url: string } | { ok: false; message: string };

export type SocialNetwork = (typeof linkLimits.socialNetworks)[number];

/** Capacity of the Add Links dialog: it holds as many links as its message says (5; the spec also reads 4). */
export const linkDialogCapacity = {
  maxHeld: linkLimits.maxHeldInDialog,
  statedInMessage: linkLimits.maxStatedInMessage,
  message: linkMessages.tooManyLinks,
} as const;

/**
 * Extensions of direct file links, refused as links ("download the file and upload it"). Documents,
 * spreadsheets, slides, images, audio, video, archives, e-books and installers; web page
 * extensions (.html, .php, .aspx …) are not in the list.
 */
export const directFileExtensions = [
  "pdf",
  "doc",
  "docx",
  "odt",
  "rtf",
  "txt",
  "md",
  "csv",
  "tsv",
  "xls",
  "xlsx",
  "ods",
  "ppt",
  "pptx",
  "odp",
  "key",
  "pages",
  "numbers",
  "epub",
  "mobi",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "webp",
  "bmp",
  "tif",
  "tiff",
  "svg",
  "heic",
  "avif",
  "ico",
  "mp3",
  "wav",
  "m4a",
  "aac",
  "ogg",
  "oga",
  "flac",
  "opus",
  "mp4",
  "m4v",
  "mov",
  "avi",
  "mkv",
  "webm",
  "wmv",
  "flv",
  "zip",
  "rar",
  "7z",
  "tar",
  "gz",
  "tgz",
  "bz2",
  "xz",
  "exe",
  "msi",
  "dmg",
  "pkg",
  "apk",
  "iso",
  "deb",
  "rpm",
  "bin",
] as const;
const fileExtensionSet = new Set<string>(directFileExtensions);

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

const SOCIAL_DOMAINS: ReadonlyArray<readonly [string, SocialNetwork]> = [
  ["twitter.com", "twitter"],
  ["x.com", "twitter"],
  ["t.co", "twitter"],
  ["linkedin.com", "linkedin"],
  ["lnkd.in", "linkedin"],
  ["reddit.com", "reddit"],
  ["redd.it", "reddit"],
  ["tiktok.com", "tiktok"],
  ["facebook.com", "facebook"],
  ["fb.com", "facebook"],
  ["fb.watch", "facebook"],
  ["pinterest.com", "pinterest"],
  ["pin.it", "pinterest"],
];
const NETWORK_NAMES: Record<SocialNetwork, string> = {
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  reddit: "Reddit",
  tiktok: "TikTok",
  facebook: "Facebook",
  pinterest: "Pinterest",
};

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const IPV4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/;

function parse(raw: string): InstanceType<typeof URL> | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** A host a person can mean: a dotted DNS name with a letter TLD, an IP literal, or localhost. */
function isPlausibleHost(hostname: string): boolean {
  if (hostname.startsWith("[") && hostname.endsWith("]")) return true;
  if (IPV4_LITERAL.test(hostname) || hostname === "localhost") return true;
  const labels = hostname.replace(/\.$/, "").split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return /^(xn--[a-z0-9-]+|[a-z]{2,63})$/i.test(labels[labels.length - 1]);
}

/**
 * Trims and normalises what a person typed: a missing scheme becomes https://, scheme and host are
 * lower-cased, an empty fragment is dropped. Returns the normalised URL with its original scheme
 * (the https rule is checked by `validateLink`), or undefined when it is not a valid web URL.
 */
export function normalizeLink(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!trimmed || /\s/.test(trimmed)) return undefined;
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  // "example.com:8080/x" parses as scheme "example.com"; a scheme never contains a dot in practice.
  const hasScheme = scheme !== undefined && !scheme.includes(".") && /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed.replace(/^\/\//, "")}`;
  const url = parse(candidate);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return undefined;
  if (url.username || url.password || !isPlausibleHost(url.hostname)) return undefined;
  return url.href.endsWith("#") ? url.href.slice(0, -1) : url.href;
}

/** The key two links are compared by: no fragment, no "www.", no trailing slash, any scheme. */
export function linkKey(raw: string): string | undefined {
  const normalized = normalizeLink(raw);
  if (!normalized) return undefined;
  const url = new URL(normalized);
  const host = url.hostname.replace(/^www\./, "");
  const port = url.port ? `:${url.port}` : "";
  const path = url.pathname.replace(/\/+$/, "");
  return `${host}${port}${path}${url.search}`;
}

function hostMatches(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/** The video id of an individual YouTube video link (watch, youtu.be, shorts, live, embed), else undefined. */
export function youtubeVideoId(raw: string): string | undefined {
  const normalized = normalizeLink(raw);
  if (!normalized) return undefined;
  const url = new URL(normalized);
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === "youtu.be") id = url.pathname.split("/")[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = url.pathname.split("/").slice(1);
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "shorts" || first === "live" || first === "embed" || first === "v") id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** A YouTube playlist or channel link (refused: individual video links are wanted). */
export function isYoutubePlaylistOrChannel(raw: string): boolean {
  const normalized = normalizeLink(raw);
  if (!normalized) return false;
  const url = new URL(normalized);
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return false;
  if (youtubeVideoId(normalized)) return false;
  const first = url.pathname.split("/")[1] ?? "";
  if (first === "playlist" || (first === "watch" && url.searchParams.get("list"))) return true;
  return first.startsWith("@") || first === "channel" || first === "c" || first === "user";
}

/** A link straight to a file (by the extension of its last path segment). */
export function isDirectFileLink(raw: string): boolean {
  const normalized = normalizeLink(raw);
  if (!normalized) return false;
  const last = new URL(normalized).pathname.split("/").pop() ?? "";
  const extension = /\.([a-z0-9]{1,8})$/i.exec(last)?.[1];
  return extension !== undefined && fileExtensionSet.has(extension.toLowerCase());
}

/** The social network a link belongs to, for the browser-extension hint; undefined otherwise. */
export function socialNetworkOf(raw: string): SocialNetwork | undefined {
  const normalized = normalizeLink(raw);
  if (!normalized) return undefined;
  const host = new URL(normalized).hostname.toLowerCase();
  for (const [domain, network] of SOCIAL_DOMAINS) if (hostMatches(host, domain)) return network;
  // Pinterest also lives on country domains: pinterest.co.uk, pinterest.de, …
  if (/(^|\.)pinterest\.[a-z.]{2,6}$/.test(host)) return "pinterest";
  return undefined;
}

/** The hint shown under a social-network link, pointing at the browser extension; undefined otherwise. */
export function socialNetworkHint(raw: string): { network: SocialNetwork; message: string } | undefined {
  const network = socialNetworkOf(raw);
  return network
    ? { network, message: linkMessages.socialNetworkHint({ network: NETWORK_NAMES[network] }) }
    : undefined;
}

/**
 * Checks one link typed into the Add Links dialog (or sent to the server) against spec 2 §5, in the
 * spec's order: valid, https, not a YouTube playlist/channel, not a direct file, not already present
 * among `existingLinks` (links in the dialog and links already saved). Returns the normalised URL.
 */
export function validateLink(raw: string, existingLinks: readonly string[] = []): LinkCheck {
  if (!raw.trim()) return { ok: false, message: linkMessages.enterValidUrl };
  const url = normalizeLink(raw);
  if (!url) return { ok: false, message: linkMessages.invalidUrl };
  if (!url.startsWith(linkLimits.requiredProtocol)) return { ok: false, message: linkMessages.insecureUrl };
  if (isYoutubePlaylistOrChannel(url)) return { ok: false, message: linkMessages.youtubePlaylistOrChannel };
  if (isDirectFileLink(url)) return { ok: false, message: linkMessages.directFileLink };
  const key = linkKey(url);
  if (existingLinks.some((existing) => linkKey(existing) === key)) {
    return { ok: false, message: linkMessages.linkAlreadyExists };
  }
  return { ok: true, url };
}

/** Whether the dialog may take one more link (it holds `linkDialogCapacity.maxHeld`). */
export function canAddLink(linksInDialog: number): boolean {
  return linksInDialog < linkDialogCapacity.maxHeld;
}

/**
 * Done in the Add Links dialog: with no link held and nothing typed it answers 'Enter a valid URL.';
 * with text typed, that text is validated like any link; otherwise the held links are submitted.
 */
export function validateLinkDialogDone(
  linksInDialog: readonly string[],
  pendingInput: string,
): LinkCheck | { ok: true; url?: undefined } {
  if (pendingInput.trim()) return validateLink(pendingInput, linksInDialog);
  if (linksInDialog.length === 0) return { ok: false, message: linkMessages.enterValidUrl };
  return { ok: true };
}
