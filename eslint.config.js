import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import fs from "node:fs";
import path from "node:path";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// The web app's one-way graph (docs/decisions.md, "Layering — web app"): app/ composes features;
// a feature reaches another only through its index.ts; components/, hooks/ and lib/ know no feature.
const web = path.resolve(import.meta.dirname, "apps/web/src");
// Every folder of features/ is a feature: one added later cannot be left out of the rules.
const features = fs
  .readdirSync(path.join(web, "features"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((name) => ({
  target: `${web}/features/${name}`,
  from: `${web}/features/**`,
  except: [`${web}/features/${name}/**`, `${web}/features/*/index.ts`],
  message:
    "Import another feature only through its index.ts; a screen that needs several features belongs in app/.",
}));

// The server's tiers (docs/decisions.md, "Server tiers"): platform → core → features → app, imports
// only downward; a feature reaches another only through its index.ts. The layering test also
// checks these and the module cycles.
const server = path.resolve(import.meta.dirname, "apps/server/src");
const serverFeatures = fs
  .readdirSync(path.join(server, "features"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverZones = [
  {
    target: `${server}/platform`,
    from: [`${server}/core`, `${server}/features`, `${server}/app`],
    message: "platform/ is the bottom tier: it imports no core, feature or app module.",
  },
  {
    target: `${server}/core`,
    from: [`${server}/features`, `${server}/app`],
    message:
      "core/ imports only platform/ and core/; a feature's work reaches core through a port wired in app/.",
  },
  {
    target: `${server}/features`,
    from: `${server}/app`,
    message: "Nothing imports app/ (the composition root).",
  },
  ...serverFeatures.map((name) => ({
    target: `${server}/features/${name}`,
    from: `${server}/features/**`,
    except: [`${server}/features/${name}/**`, `${server}/features/*/index.ts`],
    message: "Import another feature only through its index.ts (or take it as a port wired in app/).",
  })),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "**/migrations/**",
      "test-results/**",
      "apps/server/src/test/fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/apps/server/**", "@mnemo/server*"],
              message: "The web app never imports the server.",
            },
            {
              group: ["@/features/*/**"],
              message: "Import a feature through its index.ts (@/features/<name>).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x skips .ts/.tsx dependencies and no-cycle sees no edges.
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: [`${web}/components`, `${web}/hooks`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`],
              message: "Shared code (components/, hooks/, lib/) must not depend on features or the app.",
            },
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: "Features never import the app layer.",
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/test/**", "**/test-*.ts", "**/test/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/server/tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: serverZones }],
    },
  },
);
