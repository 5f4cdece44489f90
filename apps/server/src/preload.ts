/**
 * Loaded before main.ts (`node --import`, in `npm run serve`, `dev`, `mnemo` and the tests'
 * `serverNodeArgs`): Node's compile cache keeps each module's compiled (and type-stripped) code in
 * the system's temporary folder, so every start after the first spends about a quarter less CPU
 * loading the server (docs/decisions.md "Node's compile cache"). Node checks each entry against
 * the file's contents, so an edited file is compiled again; if the folder cannot be written the
 * cache is simply off.
 */
import module from "node:module";

module.enableCompileCache();
