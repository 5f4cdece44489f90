import { dictionary } from "@zxcvbn-ts/language-common";

export const commonPasswordMessage = "This password is too common. Choose one that is harder to guess.";

/** The ~18,000 breached/common passwords of 8+ characters shipped with zxcvbn-ts, lower-cased. */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= 8).map((p) => p.toLowerCase()));
  return common;
}

/** Every common password of 4+ characters (the bases that a suffix or leetspeak dresses up), lower-cased. */
let bases: Set<string> | undefined;
function commonBases(): Set<string> {
  bases ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= 4).map((p) => p.toLowerCase()));
  return bases;
}

const leet: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  "+": "t",
};

/**
 * The plain forms a dressed-up password may hide: with the leading/trailing digits, symbols and
 * spaces removed ("Summer2024!" → "summer"), then with leetspeak undone ("P@ssw0rd" → "password";
 * "1" read both as "i" and as "l").
 */
function plainForms(lower: string): string[] {
  const trim = (s: string) => s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  const forms = new Set<string>();
  for (const candidate of [lower, trim(lower)]) {
    forms.add(candidate);
    for (const one of ["i", "l"]) {
      const plain = [...candidate].map((c) => (c === "1" ? one : (leet[c] ?? c))).join("");
      forms.add(plain);
      forms.add(trim(plain));
    }
  }
  return [...forms].filter((f) => f.length >= 4);
}

/**
 * Whether a new password is trivially guessable: on the common/breached list (case-insensitive),
 * a common password with digits or symbols added or letters swapped for look-alikes (Password1!,
 * P@ssw0rd1, Summer2024!), one repeated character, or the account's own email address or its local part.
 */
export function isTrivialPassword(password: string, email = ""): boolean {
  const p = password.toLowerCase();
  if (commonPasswords().has(p)) return true;
  if (plainForms(p).some((f) => commonBases().has(f))) return true;
  if (/^(.)\1*$/su.test(p)) return true;
  const address = email.trim().toLowerCase();
  return address !== "" && (p === address || p === address.split("@")[0]);
}
