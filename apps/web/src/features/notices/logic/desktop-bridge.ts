/**
 * The desktop app's side of the update banner (spec 3 §4 Update banner: "a desktop update has been
 * downloaded … quits and installs for the desktop app"). Mnemo ships no desktop app; a desktop
 * shell that loads this web app exposes `window.mnemoDesktop` (its preload script) with these two
 * calls. In a browser there is no bridge and only the web-build check applies.
 */
export interface DesktopBridge {
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

/** What the banner offers: a newer web build (reload) or a downloaded desktop update (install). */
export type UpdateKind = "web" | "desktop";

/** The desktop update wins: reloading would not install it. */
export function updateToOffer(web: boolean, desktop: boolean): UpdateKind | null {
  if (desktop) return "desktop";
  return web ? "web" : null;
}
