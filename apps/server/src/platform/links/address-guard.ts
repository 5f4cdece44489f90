/**
 * The SSRF guard's pure core: which hosts and addresses the link fetcher may connect to. Only
 * global unicast addresses pass; everything private, loopback, link-local, CGNAT, unique-local,
 * multicast, unspecified, reserved, IPv4-mapped/translated and cloud-metadata is refused.
 */
import ipaddr from "ipaddr.js";

export type AddressVerdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** Cloud metadata endpoints, named so a refusal says why (their ranges are refused anyway). */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, DigitalOcean, OpenStack
  "169.254.170.2", // AWS ECS task metadata
  "100.100.100.200", // Alibaba Cloud
  "192.0.0.192", // Oracle Cloud
  "fd00:ec2::254", // AWS IMDS over IPv6
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** Host names that never leave the machine or name a metadata service. */
const BLOCKED_NAMES = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain"];

/** Strips IPv6 brackets and a trailing dot; lower-cases. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

/**
 * Reads a host as an IP address the way a URL parser does, so decimal (2130706433), octal
 * (0177.0.0.1), hex (0x7f.1) and shortened (127.1) IPv4 forms become dotted quads.
 * Returns undefined for a DNS name.
 */
export function ipLiteral(hostname: string): string | undefined {
  const host = bareHost(hostname);
  if (ipaddr.IPv6.isValid(host)) return ipaddr.IPv6.parse(host).toString();
  let parsed: string;
  try {
    parsed = new URL(`https://${host}/`).hostname;
  } catch {
    return undefined;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(parsed) ? parsed : undefined;
}

/** Whether `address` (an IP literal in any form) may be connected to. */
export function checkAddress(address: string): AddressVerdict {
  const literal = ipLiteral(address);
  if (!literal) return { ok: false, reason: "not an IP address" };
  const ip = ipaddr.parse(literal);
  const normalized = ip.toString();
  if (METADATA_ADDRESSES.has(normalized)) return { ok: false, reason: "cloud metadata address" };
  const range = ip.range();
  // ::a.b.c.d (deprecated IPv4-compatible, `[::7f00:1]` once a URL parser has read it) reaches
  // the IPv4 address on some stacks; ipaddr calls it unicast.
  const v4Compatible = ip.kind() === "ipv6" && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE);
  if (v4Compatible && range === "unicast") {
    const [hi = 0, lo = 0] = (ip as ipaddr.IPv6).parts.slice(6);
    const inner = [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
    return { ok: false, reason: `IPv4-compatible IPv6 address (${inner})` };
  }
  if (ip.kind() === "ipv6" && range === "ipv4Mapped") {
    const inner = (ip as ipaddr.IPv6).toIPv4Address().toString();
    return { ok: false, reason: `IPv4-mapped IPv6 address (${inner})` };
  }
  if (range !== "unicast") return { ok: false, reason: `${range} address` };
  // Only 2000::/3 is allocated as global unicast; ipaddr calls the unassigned rest unicast too.
  if (ip.kind() === "ipv6" && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) {
    return { ok: false, reason: `${normalized} is not global unicast` };
  }
  return { ok: true, address: normalized, family: ip.kind() === "ipv6" ? 6 : 4 };
}

/**
 * Whether a DNS name may be looked up at all: local-only and metadata names are refused before any
 * DNS query, as are single-label names (a resolver search domain could turn them into internal hosts).
 */
export function checkHostName(hostname: string): AddressVerdict | { ok: true; name: string } {
  const host = bareHost(hostname);
  if (BLOCKED_NAMES.has(host) || BLOCKED_SUFFIXES.some((s) => host.endsWith(s))) {
    return { ok: false, reason: `local or metadata host name (${host})` };
  }
  if (!host.includes(".")) return { ok: false, reason: `single-label host name (${host})` };
  return { ok: true, name: host };
}

/** An allow-list entry: `host`, or `host:port` / `[v6]:port` to allow that port only. */
function allowEntry(entry: string): { host: string; port?: string } {
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(entry.trim());
  if (bracketed) return { host: bareHost(bracketed[1] ?? ""), port: bracketed[2] };
  const hostPort = /^([^:]+):(\d+)$/.exec(entry.trim());
  if (hostPort) return { host: bareHost(hostPort[1] ?? ""), port: hostPort[2] };
  return { host: bareHost(entry) };
}

/**
 * Whether the explicit allow-list (FETCH_ALLOW_HOSTS; tests only) names this host or address
 * (and, for an entry with a port, this port: `127.0.0.1:8443` allows no other port of that host).
 */
export function isAllowListed(allowHosts: readonly string[], hostOrAddress: string, port?: string): boolean {
  if (allowHosts.length === 0) return false;
  const wanted = bareHost(hostOrAddress);
  const wantedIp = ipLiteral(wanted);
  return allowHosts.some((raw) => {
    const entry = allowEntry(raw);
    if (entry.port !== undefined && entry.port !== port) return false;
    return entry.host === wanted || (wantedIp !== undefined && ipLiteral(entry.host) === wantedIp);
  });
}
