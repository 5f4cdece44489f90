import dgram from "node:dgram";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkMessages } from "@mnemo/contracts";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { chromiumArgs, closeBrowser, screenshotAvailability } from "./browser.ts";

const chromium = screenshotAvailability(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");

describe.skipIf(!chromium.available)("full-page screenshots in the system Chromium", () => {
  let site: FixtureSite;
  let allowed: TestMnemo;
  let guarded: TestMnemo;
  beforeAll(async () => {
    site = await startFixtureSite();
    // The fixture site's port only: any other local port stays refused, as in production.
    allowed = await createTestMnemo("pglite", {
      FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
      FETCH_EXTRA_CA: site.caPath,
    });
    guarded = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await closeBrowser();
    await allowed?.close();
    await guarded?.close();
    await site?.close();
  });

  it("screenshots a page, stores the PNG and serves it from its signed URL", async () => {
    const user = await allowed.buildUser();
    const res = await allowed.request("POST", "/api/screenshot", {
      as: user,
      json: { url: `${site.origin}/articles/sourdough` },
    });
    expect(res.status).toBe(200);
    const { s3Url } = (await res.json()) as { s3Url: string };
    const path = new URL(s3Url, "http://local").pathname + new URL(s3Url, "http://local").search;
    const img = await allowed.request("GET", path);
    expect(img.status).toBe(200);
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it("refuses private addresses without the allow-list: the browser never reaches the site", async () => {
    const user = await guarded.buildUser();
    // A site of its own, so late sub-resource fetches of the previous test cannot be counted.
    const untouched = await startFixtureSite();
    try {
      const res = await guarded.request("POST", "/api/screenshot", {
        as: user,
        json: { url: `${untouched.origin}/articles/sourdough` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: linkMessages.screenshotAddressRefused });
      expect(untouched.stats.connections).toBe(0);
      expect(untouched.stats.requests).toEqual([]);
    } finally {
      await untouched.close();
    }
  });

  it("a page reaching for other local ports (image, style, frames, fetch, WebRTC) reaches none; its script never runs", async () => {
    const tcp = { connections: 0 };
    const listener = net.createServer((sock) => {
      tcp.connections += 1;
      sock.destroy();
    });
    await new Promise<void>((ok) => listener.listen(0, "127.0.0.1", ok));
    const udp = { messages: 0 };
    const stun = dgram.createSocket("udp4").on("message", () => (udp.messages += 1));
    await new Promise<void>((ok) => stun.bind(0, "127.0.0.1", ok));
    try {
      const tcpPort = (listener.address() as net.AddressInfo).port;
      const target = `https://127.0.0.1:${tcpPort}`;
      const res = await allowed.request("POST", "/api/screenshot", {
        as: await allowed.buildUser(),
        json: { url: `${site.origin}/probe?target=${target}&udp=${stun.address().port}` },
      });
      expect(res.status).toBe(200);
      expect(site.stats.requests.some((r) => r.startsWith("/probe"))).toBe(true);
      // The script would have added an image of /js-ran.png (and fetched, and opened WebRTC).
      expect(site.stats.requests.filter((r) => r.includes("js-ran"))).toEqual([]);
      expect(tcp.connections).toBe(0);
      expect(udp.messages).toBe(0);
    } finally {
      listener.close();
      stun.close();
    }
  });

  it.each([
    ["data:text/html,<h1>hi</h1>", linkMessages.insecureUrl],
    ["chrome://version", linkMessages.insecureUrl],
    ["file:///etc/passwd", linkMessages.insecureUrl],
    ["http://example.com/", linkMessages.insecureUrl],
    ["https://127.0.0.1:1/", linkMessages.screenshotAddressRefused],
    ["https://[::ffff:127.0.0.1]/", linkMessages.screenshotAddressRefused],
    ["https://[::127.0.0.1]/", linkMessages.screenshotAddressRefused],
    ["https://2130706433/", linkMessages.screenshotAddressRefused],
    ["https://localhost/", linkMessages.screenshotAddressRefused],
    ["https://169.254.169.254/latest/meta-data/", linkMessages.screenshotAddressRefused],
  ])("refuses %s before the browser opens it", async (url, message) => {
    const res = await allowed.request("POST", "/api/screenshot", {
      as: await allowed.buildUser(),
      json: { url },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    // Some forms are already refused as URLs by the schema; none reaches the browser.
    if (body.message !== linkMessages.enterValidUrl) expect(body.message).toBe(message);
  });

  it("the browser's flags keep WebRTC off UDP even where a page's script runs", async () => {
    // Script is off for screenshots; this holds the second line: the launch flags themselves.
    const stun = dgram.createSocket("udp4");
    let packets = 0;
    stun.on("message", () => (packets += 1));
    await new Promise<void>((ok) => stun.bind(0, "127.0.0.1", ok));
    const { chromium: launcher } = await import("playwright-core");
    const b = await launcher.launch({
      executablePath: chromium.available ? chromium.path : "",
      args: chromiumArgs,
    });
    try {
      const page = await (await b.newContext({ javaScriptEnabled: true })).newPage();
      const state = await page.evaluate(async (port) => {
        const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
        pc.createDataChannel("probe");
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise<void>((done) => {
          if (pc.iceGatheringState === "complete") return done();
          pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && done();
          setTimeout(done, 5000);
        });
        return pc.iceGatheringState;
      }, stun.address().port);
      expect(packets).toBe(0);
      expect(state).toBe("complete");
    } finally {
      await b.close();
      stun.close();
    }
  });

  it("reports availability", async () => {
    const user = await guarded.buildUser();
    const res = await guarded.request("GET", "/api/screenshot/status", { as: user });
    expect(await res.json()).toEqual({ available: true, reason: null });
  });
});

describe("screenshot availability without a browser", () => {
  it("is off with its reason", () => {
    expect(screenshotAvailability("/nonexistent/chromium")).toEqual({
      available: false,
      reason:
        "Screenshots are off: no Chromium browser at /nonexistent/chromium (install Debian's chromium or set CHROMIUM_PATH).",
    });
  });
});
