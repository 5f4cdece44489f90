import { describe, expect, it } from "vitest";
import { checkAddress, checkHostName, ipLiteral, isAllowListed } from "./address-guard.ts";

describe("checkAddress refuses every non-public address form", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["2130706433", "loopback"], // decimal
    ["0177.0.0.1", "loopback"], // octal
    ["0x7f.1", "loopback"], // hex, shortened
    ["0x7f000001", "loopback"],
    ["127.1", "loopback"],
    ["10.0.0.5", "private"],
    ["012.0.0.1", "private"], // octal 10.0.0.1
    ["172.16.4.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["3232235777", "private"], // decimal 192.168.1.1
    ["169.254.10.10", "linkLocal"],
    ["169.254.169.254", "metadata"],
    ["0xa9fea9fe", "metadata"], // hex 169.254.169.254
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["fd00:ec2::254", "metadata"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["::ffff:169.254.169.254", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["64:ff9b::a00:1", "rfc6052"], // NAT64 of 10.0.0.1
    ["2002:7f00:1::", "6to4"], // 6to4 of 127.0.0.1
    ["2001:0::1", "teredo"],
    ["2001:db8::1", "reserved"],
    ["::127.0.0.1", "IPv4-"], // deprecated IPv4-compatible form of 127.0.0.1
    ["[::127.0.0.1]", "IPv4-"],
    [new URL("https://[::127.0.0.1]/").hostname, "IPv4-compatible IPv6 address (127.0.0.1)"], // [::7f00:1]
    ["::7f00:1", "IPv4-compatible"],
    ["::a00:1", "IPv4-compatible IPv6 address (10.0.0.1)"],
    ["::808:808", "IPv4-compatible"],
    ["4000::1", "not global unicast"],
  ])("%s is refused (%s)", (address, kind) => {
    const verdict = checkAddress(address);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason.toLowerCase()).toContain(kind.toLowerCase());
  });

  it.each([
    ["93.184.216.34", "93.184.216.34"],
    ["8.8.8.8", "8.8.8.8"],
    ["1.1.1.1", "1.1.1.1"],
    ["100.128.0.1", "100.128.0.1"], // just outside CGNAT
    ["172.32.0.1", "172.32.0.1"], // just outside 172.16/12
    ["2606:4700:4700::1111", "2606:4700:4700::1111"],
    ["[2a00:1450:4001:80b::200e]", "2a00:1450:4001:80b::200e"],
  ])("%s is allowed", (address, normalized) => {
    expect(checkAddress(address)).toMatchObject({ ok: true, address: normalized });
  });

  it("is not fooled by a DNS name", () => {
    expect(checkAddress("example.com").ok).toBe(false);
  });
});

describe("ipLiteral reads hosts the way the URL parser does", () => {
  it.each([
    ["2130706433", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1"],
    ["example.com", undefined],
    ["1.2.3.4.example.com", undefined],
  ])("%s → %s", (host, literal) => {
    expect(ipLiteral(host)).toBe(literal);
  });
});

describe("checkHostName", () => {
  it.each([
    "localhost",
    "LOCALHOST.",
    "api.localhost",
    "metadata.google.internal",
    "metadata",
    "printer.local",
    "intranet",
    "nas.home.arpa",
  ])("refuses %s before any DNS query", (host) => {
    expect(checkHostName(host).ok).toBe(false);
  });
  it.each(["example.com", "www.youtube.com", "mnemo.test"])("allows %s to be resolved", (host) => {
    expect(checkHostName(host).ok).toBe(true);
  });
});

describe("isAllowListed", () => {
  it.each([
    [[], "127.0.0.1", false],
    [["127.0.0.1"], "127.0.0.1", true],
    [["127.0.0.1"], "2130706433", true],
    [["127.0.0.1"], "127.0.0.2", false],
    [["localhost"], "LocalHost", true],
    [["localhost"], "127.0.0.1", false],
    [["::1"], "[::1]", true],
  ] as const)("%j allows %s: %s", (list, host, expected) => {
    expect(isAllowListed(list, host)).toBe(expected);
  });

  it.each([
    [["127.0.0.1:8443"], "127.0.0.1", "8443", true],
    [["127.0.0.1:8443"], "127.0.0.1", "8444", false],
    [["127.0.0.1:8443"], "127.0.0.1", undefined, false],
    [["[::1]:8443"], "[::1]", "8443", true],
    [["[::1]:8443"], "::1", "9000", false],
    [["127.0.0.1"], "127.0.0.1", "9000", true],
  ] as const)("%j allows %s port %s: %s", (list, host, port, expected) => {
    expect(isAllowListed(list, host, port)).toBe(expected);
  });
});
