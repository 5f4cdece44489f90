import { useEffect } from "react";
import { brandedManifest, dataUrlType, defaultBrand } from "../logic/branding";
import { useSelfLabel } from "./use-org";

function link(rel: string): HTMLLinkElement {
  let el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!el) {
    el = document.createElement("link");
    el.rel = rel;
    document.head.appendChild(el);
  }
  return el;
}

/**
 * For members of a white-labelled organisation: the document title, favicon and manifest use the
 * organisation's name and icon. Returns the brand for the shell (null: Mnemo's own look).
 */
export function useBranding(): { name: string; icon: string | null } | null {
  const { data } = useSelfLabel();
  const name = data?.app_name ?? null;
  const icon = data?.image_url ?? null;
  useEffect(() => {
    if (!name) return;
    const previousTitle = document.title;
    document.title = name;
    const favicon = link("icon");
    const manifest = link("manifest");
    if (icon) {
      favicon.href = icon;
      favicon.type = dataUrlType(icon) ?? "";
    }
    const manifestUrl = URL.createObjectURL(
      new Blob([JSON.stringify(brandedManifest(name, icon, dataUrlType(icon)))], {
        type: "application/manifest+json",
      }),
    );
    manifest.href = manifestUrl;
    return () => {
      document.title = previousTitle === name ? defaultBrand.name : previousTitle;
      favicon.href = defaultBrand.icon;
      favicon.type = "image/svg+xml";
      manifest.href = defaultBrand.manifest;
      URL.revokeObjectURL(manifestUrl);
    };
  }, [name, icon]);
  return name ? { name, icon } : null;
}
