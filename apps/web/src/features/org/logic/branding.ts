/** The app's own look, restored when a white-label is removed. */
export const defaultBrand = { name: "Mnemo", icon: "/favicon.svg", manifest: "/manifest.webmanifest" };

/**
 * The web app manifest of a white-labelled organisation: its name and icon in place of Mnemo's
 * (the icon is a data: URL, so the manifest works from a blob: URL without a token). Pure.
 */
export function brandedManifest(name: string, icon: string | null, type: string | null) {
  return {
    name,
    short_name: name.slice(0, 12),
    start_url: "/",
    display: "standalone",
    icons: icon ? [{ src: icon, sizes: "any", type: type ?? "image/png" }] : [],
  };
}

/** The MIME type of a data: URL, or null. */
export function dataUrlType(url: string | null): string | null {
  return url?.match(/^data:([\w/+.-]+);/)?.[1] ?? null;
}
