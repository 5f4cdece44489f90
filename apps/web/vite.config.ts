import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

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
  plugins: [react(), tailwindcss(), buildVersionFile()],
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
