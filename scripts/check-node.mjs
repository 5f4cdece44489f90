// Fails fast on an unsupported Node. npm scripts run with node_modules/.bin first on PATH,
// where the `node` dev dependency (Node 24 from the npm registry) lives, so this normally passes
// even on a machine whose own Node is older.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Mnemo needs Node.js >= 22.12 (found ${process.versions.node}). ` +
      "Run it through npm (npm start / npm test), which uses the Node 24 installed by `npm install`, " +
      "or install Node 24 LTS.",
  );
  process.exit(1);
}
