import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * Excalidraw's fonts, served by Mnemo from the package under /excalidraw-assets/ (never its CDN):
 * copied into the build, and served from node_modules by the dev server.
 */
function excalidrawAssets(): Plugin {
  // The package's exports map hides package.json: resolve its entry and walk up to dist/prod.
  const entry = createRequire(import.meta.url).resolve("@excalidraw/excalidraw");
  const fonts = path.join(path.dirname(entry), "fonts");
  return {
    name: "mnemo-excalidraw-assets",
    configureServer(server) {
      server.middlewares.use("/excalidraw-assets/fonts", (req, res, next) => {
        const file = path.join(fonts, decodeURIComponent((req.url ?? "").split("?")[0]));
        if (!file.startsWith(fonts + path.sep) || !fs.existsSync(file)) return next();
        res.setHeader("content-type", "font/woff2");
        fs.createReadStream(file).pipe(res);
      });
    },
    // Excalidraw always appends a CDN (esm.sh) to each font's sources: point it at Mnemo too, so
    // no font request ever leaves this server (checked by e2e/canvas.spec.ts).
    transform(code, id) {
      if (!id.includes("@excalidraw/excalidraw") || !code.includes("ASSETS_FALLBACK_URL")) return null;
      const cdn =
        /`https:\/\/esm\.sh\/\$\{\w+\.PKG_NAME\?`\$\{\w+\.PKG_NAME\}@\$\{\w+\.PKG_VERSION\}`:"@excalidraw\/excalidraw"\}\/dist\/prod\/`/;
      if (!cdn.test(code)) throw new Error("Excalidraw's font CDN fallback changed: update vite.config.ts");
      return { code: code.replace(cdn, "`${window.location.origin}/excalidraw-assets/`"), map: null };
    },
    writeBundle(options) {
      const out = options.dir ?? "dist";
      fs.cpSync(fonts, path.join(out, "excalidraw-assets", "fonts"), { recursive: true });
    },
  };
}

/** This build's version: the update banner compares it with the served dist/version.json. */
const buildId = process.env.MNEMO_BUILD_ID ?? Date.now().toString(36);

/** Writes dist/version.json beside the build (read by GET /api/check_web_version). */
function buildVersionFile(): Plugin {
  return {
    name: "mnemo-build-version",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "version.json",
        source: JSON.stringify({ version: buildId }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), excalidrawAssets(), buildVersionFile()],
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) },
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
  },
});
