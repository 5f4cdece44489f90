import { describe, expect, it } from "vitest";
import { brandedManifest, dataUrlType } from "./branding";

describe("white-label branding", () => {
  it("names the manifest after the organisation and uses its icon", () => {
    expect(brandedManifest("Initech Brain", "data:image/png;base64,AAA", "image/png")).toEqual({
      name: "Initech Brain",
      short_name: "Initech Brai",
      start_url: "/",
      display: "standalone",
      icons: [{ src: "data:image/png;base64,AAA", sizes: "any", type: "image/png" }],
    });
  });

  it("keeps a manifest without icons when the organisation has none", () => {
    expect(brandedManifest("Acme", null, null).icons).toEqual([]);
  });

  it.each([
    ["data:image/png;base64,AAA", "image/png"],
    ["data:image/x-icon;base64,AAA", "image/x-icon"],
    ["https://example.com/icon.png", null],
    [null, null],
  ])("the type of %s is %s", (url, type) => {
    expect(dataUrlType(url)).toBe(type);
  });
});
