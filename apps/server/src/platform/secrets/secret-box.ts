import crypto from "node:crypto";

/**
 * Seals connected-account secrets (passwords, tokens) at rest with AES-256-GCM. The key is
 * derived with HKDF-SHA256 from APPS_SECRET_KEY, or from the server's auth secret when that is
 * unset, so a copied database alone opens nothing. A sealed value reads `v1.<iv>.<tag>.<data>`
 * (base64url); a wrong key or a changed byte fails to open instead of yielding garbage.
 */
export type SecretBox = {
  seal(value: Record<string, string>): string;
  open(sealed: string): Record<string, string>;
};

export class SecretBoxError extends Error {}

export function createSecretBox(keyMaterial: string): SecretBox {
  if (!keyMaterial) throw new SecretBoxError("A key is required to seal secrets.");
  const key = Buffer.from(
    crypto.hkdfSync("sha256", keyMaterial, "mnemo-connected-apps", "connected-account-secrets", 32),
  );
  return {
    seal(value) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined)
        throw new SecretBoxError("Unknown sealed format.");
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        const text = Buffer.concat([
          decipher.update(Buffer.from(data, "base64url")),
          decipher.final(),
        ]).toString("utf8");
        return JSON.parse(text) as Record<string, string>;
      } catch {
        throw new SecretBoxError("The secret could not be opened (wrong key or altered data).");
      }
    },
  };
}
