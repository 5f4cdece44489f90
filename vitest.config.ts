import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
const testGlobs = [
  "packages/**/*.test.ts",
  "apps/server/src/**/*.test.ts",
  "apps/web/src/**/*.test.{ts,tsx}",
  "apps/extension/src/**/*.test.ts",
  "eval/**/*.test.ts",
  "bench/**/*.test.ts",
];
const exclude = ["**/node_modules/**", "**/dist/**", "e2e/**"];

/**
 * Integration tests are the ones that open a database through the test harness, start processes
 * (the server, s3rver, the extractor sandbox) or a browser. Everything else is a unit test and
 * runs in `npm run test:unit` in seconds. The split is read from each file's imports, so a new
 * test lands in the right group without a list to maintain.
 */
const integrationMarkers =
  /test\/(?:harness|process|fixtures\/sites\/certs)\.ts"|node:child_process|\bchromium\b|s3rver|sandbox\/runner\.ts"|from "\.\/runner\.ts"/;

function integrationFiles(): string[] {
  const found: string[] = [];
  for (const glob of testGlobs) {
    for (const file of fs.globSync(glob, { cwd: root, exclude: (f) => f.includes("node_modules") })) {
      if (integrationMarkers.test(fs.readFileSync(path.join(root, file), "utf8"))) found.push(file);
    }
  }
  return found;
}

const integration = integrationFiles();
/**
 * Run one file at a time, after the others: the 512 MB cap test measures a process tree's memory,
 * and the stall checks that move megabytes through the server (a 4.9 M-character memory, a
 * 100,000-bookmark import, hostile documents) time this thread's work, which a neighbour's memory
 * traffic inflates on two cores (page faults cost ~4.5 ms per fresh MB on this VM class:
 * docs/decisions.md, "Event-loop checks leave garbage collection out and run alone").
 */
const alone = [
  "apps/server/src/platform/jobs/memory-cap.test.ts",
  "apps/server/src/security/large-text.test.ts",
  "apps/server/src/features/pages/hostile-documents.test.ts",
  "apps/server/src/core/search/indexer-slices.test.ts",
  "apps/server/src/features/transfer/formats.test.ts",
];
const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  // The web app's `@/` import alias (apps/web/vite.config.ts), for its component tests.
  resolve: { alias: { "@": path.join(root, "apps/web/src") } },
  test: {
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: testGlobs, exclude: [...exclude, ...integration], ...shared },
      },
      {
        extends: true,
        test: { name: "integration", include: integration, exclude: [...exclude, ...alone], ...shared },
      },
      // Memory and stall measurements: alone, after the others (see `alone`).
      {
        extends: true,
        test: { name: "integration-alone", include: alone, exclude, ...shared },
      },
    ],
  },
});
