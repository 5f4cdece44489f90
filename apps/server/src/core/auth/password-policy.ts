import { dictionary } from "@zxcvbn-ts/language-common";

export const commonPasswordMessage = "This password is too common. Choose one that is harder to guess.";

/** The ~18,000 breached/common passwords of 8+ characters shipped with zxcvbn-ts, lower-cased. */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= 8).map((p) => p.toLowerCase()));
  return common;
}

/**
 * Whether a new password is trivially guessable: on the common/breached list (case-insensitive),
 * one repeated character, or the account's own email address or its local part.
 */
export function isTrivialPassword(password: string, email = ""): boolean {
  const p = password.toLowerCase();
  if (commonPasswords().has(p)) return true;
  if (/^(.)\1*$/su.test(p)) return true;
  const address = email.trim().toLowerCase();
  return address !== "" && (p === address || p === address.split("@")[0]);
}
