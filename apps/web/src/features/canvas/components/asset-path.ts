declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Excalidraw loads its fonts from `EXCALIDRAW_ASSET_PATH` (its default is a public CDN): Mnemo
 * serves them from the package, copied into the build under /excalidraw-assets/ (vite.config.ts).
 * Imported before Excalidraw itself.
 */
window.EXCALIDRAW_ASSET_PATH = `${window.location.origin}/excalidraw-assets/`;

export {};
