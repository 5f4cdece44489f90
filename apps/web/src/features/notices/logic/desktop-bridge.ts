/**
 * The desktop app's side of the update banner (spec 3 §4 Update banner: "a desktop update has been
 * downloaded … quits and installs for the desktop app"). Mnemo ships no desktop app; a desktop
 * shell that loads this web app exposes `window.mnemoDesktop` (its preload script) with these two
 * calls. In a browser there is no bridge and only the web-build check applies.
 */
export interface DesktopBridge {
  /** The running desktop app's version (a shell that does not say is never asked to download). */
  version?: string;
  /**
   * Asks the shell to download this version, a newer one named by the `app-metadata/updates` feed;
   * it reports back through `onUpdateDownloaded`.
   */
  downloadUpdate?(version: string): void;
  /** Calls `listener` when an update has been downloaded; answers an unsubscribe function. */
  onUpdateDownloaded(listener: (info: { version?: string }) => void): () => void;
  /** Quits the app and installs the downloaded update. */
  quitAndInstall(): void;
}

/** The bridge, when this page runs inside a desktop shell that provides one. */
export function desktopBridge(host: object = globalThis): DesktopBridge | null {
  const b = (host as { mnemoDesktop?: Partial<DesktopBridge> }).mnemoDesktop;
  if (!b || typeof b.onUpdateDownloaded !== "function" || typeof b.quitAndInstall !== "function") return null;
  return b as DesktopBridge;
}

/**
 * Compares dotted versions ("1.10.0" > "1.9.3"; a missing part is 0; a pre-release suffix such
 * as "-beta.1" ranks below its release). Answers >0, 0 or <0.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core, pre] = v.trim().split(/[-+]/, 2);
    return { parts: core.split(".").map((n) => Number.parseInt(n, 10) || 0), pre: pre ?? null };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/**
 * The desktop version the shell should download: the feed's, when the shell says which version it
 * runs and the feed's is newer; otherwise none.
 */
export function desktopVersionToFetch(
  feed: { desktop_app: { version: string } | null } | undefined,
  running: string | undefined,
): string | null {
  const latest = feed?.desktop_app?.version;
  if (!latest || !running) return null;
  return compareVersions(latest, running) > 0 ? latest : null;
}

/** What the banner offers: a newer web build (reload) or a downloaded desktop update (install). */
export type UpdateKind = "web" | "desktop";

/** The desktop update wins: reloading would not install it. */
export function updateToOffer(web: boolean, desktop: boolean): UpdateKind | null {
  if (desktop) return "desktop";
  return web ? "web" : null;
}
