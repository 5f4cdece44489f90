import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The sample files Mnemo ships (the web app's `samples/` folder, served with it): the welcome items
 * and the onboarding recommendations. They do not count against the plan's daily upload cap
 * (issue 41): a sample is recognised by its bytes (the SHA-256 of the stored upload), so only the
 * very files Mnemo ships are exempt, whatever a client claims.
 */
export type BundledSamples = {
  /** The stored upload's content hash (`sha256:…`) is one of the sample files. */
  isSample(contentHash: string): boolean;
  /** Before the bytes travel: a file of this name and size may be a sample (checked again by hash). */
  mayBeSample(name: string, size: number): boolean;
};

const cache = new Map<string, BundledSamples>();

/** The samples under `webDist/samples`, read once per folder (none when the web app is not built). */
export function bundledSamples(webDist: string): BundledSamples {
  let found = cache.get(webDist);
  if (!found) {
    found = readSamples(path.join(webDist, "samples"));
    cache.set(webDist, found);
  }
  return found;
}

function readSamples(folder: string): BundledSamples {
  const hashes = new Set<string>();
  const sizes = new Set<string>();
  const visit = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (e.isFile() && !e.name.endsWith(".json")) {
        const bytes = fs.readFileSync(full);
        hashes.add("sha256:" + crypto.createHash("sha256").update(bytes).digest("hex"));
        sizes.add(`${e.name}\n${bytes.length}`);
      }
    }
  };
  visit(folder);
  return {
    isSample: (contentHash) => hashes.has(contentHash),
    mayBeSample: (name, size) => sizes.has(`${name}\n${size}`),
  };
}
