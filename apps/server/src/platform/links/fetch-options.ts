import fs from "node:fs";
import type { Config } from "../config.ts";
import type { SafeFetchOptions } from "./safe-fetch.ts";

const caCache = new Map<string, string>();

/**
 * Fetch options from the server configuration: FETCH_ALLOW_HOSTS (empty by default: nothing private
 * is reachable) and FETCH_EXTRA_CA (a PEM file trusted besides the system roots).
 */
export function linkFetchOptions(
  config: Pick<Config, "FETCH_ALLOW_HOSTS" | "FETCH_EXTRA_CA">,
): SafeFetchOptions {
  const caPath = config.FETCH_EXTRA_CA;
  let extraCa: string | undefined;
  if (caPath) {
    extraCa = caCache.get(caPath) ?? fs.readFileSync(caPath, "utf8");
    caCache.set(caPath, extraCa);
  }
  return { allowHosts: config.FETCH_ALLOW_HOSTS, extraCa };
}
