import { describe, expect, it } from "vitest";
import { contentDisposition } from "./signing.ts";

describe("download Content-Disposition", () => {
  it("names the file in ASCII and exactly in UTF-8", () => {
    expect(contentDisposition("attachment", "Rapport d'été.pdf")).toBe(
      `attachment; filename="Rapport d'_t_.pdf"; filename*=UTF-8''Rapport%20d%27%C3%A9t%C3%A9.pdf`,
    );
  });

  it("keeps quotes, path separators and control characters out of the header", () => {
    expect(contentDisposition("attachment", 'a"b/c\\d\ne.pdf')).toBe(
      `attachment; filename="a_b_c_d_e.pdf"; filename*=UTF-8''a%22b_c_d_e.pdf`,
    );
  });

  it("leaves the name to the client when there is none", () => {
    expect(contentDisposition("attachment", undefined)).toBe("attachment");
    expect(contentDisposition("attachment", "  ")).toBe("attachment");
  });
});
