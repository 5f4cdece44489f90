import { describe, expect, it } from "vitest";
import { createSecretBox, SecretBoxError } from "./secret-box.ts";

describe("secret box", () => {
  const box = createSecretBox("server secret");

  it("opens what it sealed, and the sealed text shows nothing of the secret", () => {
    const sealed = box.seal({ password: "hunter2-correct-horse" });
    expect(sealed).not.toContain("hunter2");
    expect(Buffer.from(sealed.split(".")[3]!, "base64url").toString()).not.toContain("hunter2");
    expect(box.open(sealed)).toEqual({ password: "hunter2-correct-horse" });
  });

  it("seals the same value differently each time (random IV)", () => {
    expect(box.seal({ a: "b" })).not.toBe(box.seal({ a: "b" }));
  });

  it("refuses a wrong key and an altered byte", () => {
    const sealed = box.seal({ token: "t" });
    expect(() => createSecretBox("another secret").open(sealed)).toThrow(SecretBoxError);
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow(SecretBoxError);
    expect(() => box.open("plain text")).toThrow(SecretBoxError);
  });
});
