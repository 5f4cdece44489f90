/**
 * Loaded before main.ts (`node --import`, in `npm run serve`, `dev`, `mnemo` and the tests'
 * `serverNodeArgs`), and by Node in each worker thread too (PGlite's, `PGLITE_THREAD`).
 *
 * Node's compile cache keeps each module's compiled (and type-stripped) code in the system's
 * temporary folder, so every start after the first spends about a quarter less CPU loading the
 * server (docs/decisions.md "Node's compile cache"). Node checks each entry against the file's
 * contents, so an edited file is compiled again; if the folder cannot be written the cache is
 * simply off.
 *
 * Plain JavaScript on purpose: a TypeScript preload would be type-stripped before the cache is on,
 * which loads Node's TypeScript parser (its WebAssembly and a 3 MB script, ~16 MB resident) in
 * every thread for the process's lifetime; with this file, a start whose modules are all cached
 * never loads it (docs/benchmarks.md, "PGlite's thread as the default? idle memory breakdown").
 *
 * Source maps: `--experimental-transform-types` turns them on for every module, and Node then
 * reads and keeps the maps that packages in node_modules ship (PGlite's alone ~10 MB resident).
 * Only Mnemo's own files keep theirs: a stack frame inside a package shows its published
 * JavaScript's line.
 */
import module from "node:module";

module.enableCompileCache();
module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
