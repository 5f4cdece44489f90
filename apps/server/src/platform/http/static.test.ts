import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";

const themeScript = "document.documentElement.dataset.theme = 'dark';";

describe("the web app's HTML and static files", () => {
  let m: TestMnemo;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-dist-"));
    fs.writeFileSync(
      path.join(dist, "index.html"),
      `<!doctype html><html><head><script>${themeScript}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
    );
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app')");
    fs.writeFileSync(path.join(dist, "note.html"), "<!doctype html><p>A bundled page</p>");
    m = await createTestMnemo("pglite", { WEB_DIST: dist });
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/", "/wall", "/index.html"])(
    "%s carries CSP, frame-ancestors, nosniff and Referrer-Policy",
    async (url) => {
      const res = await m.request("GET", url);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const hash = crypto.createHash("sha256").update(themeScript).digest("base64");
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    },
  );

  it("marks only the app's own index.html as the offline shell the service worker may keep", async () => {
    for (const url of ["/", "/wall", "/sign-in", "/index.html"])
      expect((await m.request("GET", url)).headers.get("x-mnemo-shell")).toBe("1");
    const other = await m.request("GET", "/note.html");
    expect(other.status).toBe(200);
    expect(other.headers.get("content-type")).toContain("text/html");
    expect(other.headers.get("x-mnemo-shell")).toBeNull();
    expect((await m.request("GET", "/assets/app.js")).headers.get("x-mnemo-shell")).toBeNull();
  });

  it("serves assets without a page policy", async () => {
    const res = await m.request("GET", "/assets/app.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers byte ranges (Safari plays the bundled video only from a server that does)", async () => {
    const whole = await m.request("GET", "/assets/app.js");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const text = "console.log('app')";
    const first = await m.request("GET", "/assets/app.js", { headers: { range: "bytes=0-1" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-1/${text.length}`);
    expect(await first.text()).toBe("co");
    const tail = await m.request("GET", "/assets/app.js", { headers: { range: "bytes=-5" } });
    expect(await tail.text()).toBe(text.slice(-5));
    const open = await m.request("GET", "/assets/app.js", { headers: { range: "bytes=8-" } });
    expect(await open.text()).toBe(text.slice(8));
    const past = await m.request("GET", "/assets/app.js", { headers: { range: "bytes=999-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${text.length}`);
  });

  it.each(["/%E0%A4%A", "/assets/%", "/%zz"])(
    "answers a malformed percent-encoding (%s) with 400, not 500",
    async (url) => {
      const res = await m.request("GET", url);
      expect(res.status).toBe(400);
    },
  );
});
