import { describe, expect, it } from "vitest";
import { previewCsp, sandboxedSrcDoc } from "./sandbox";

describe("sandboxedSrcDoc", () => {
  it("puts the strict CSP before the untrusted document", () => {
    const doc = sandboxedSrcDoc(
      '<script>window.x=1</script><meta http-equiv="Content-Security-Policy" content="default-src *">',
    );
    expect(doc.indexOf(previewCsp)).toBeGreaterThan(0);
    expect(doc.indexOf(previewCsp)).toBeLessThan(doc.indexOf("<script>"));
    expect(previewCsp).toContain("default-src 'none'");
    expect(previewCsp).not.toContain("script-src");
  });
});
