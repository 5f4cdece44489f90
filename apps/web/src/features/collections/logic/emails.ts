import { accessTypes, maxRecipientsPerShare, type AccessType } from "@mnemo/contracts";

/** Splits what was typed in the share box (commas, semicolons, spaces, new lines) into e-mails. */
export function parseEmails(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const unique = [...new Set(parts)];
  const valid = (e: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) && e.length <= 320;
  return {
    emails: unique.filter(valid).slice(0, maxRecipientsPerShare),
    invalid: unique.filter((e) => !valid(e)),
  };
}

export type Member = { email: string; role: AccessType; owner: boolean };

/** Members in display order: the creator, then admins, writers and readers, each alphabetical. */
export function membersOf(c: {
  owner_email: string;
  admin: string[];
  write: string[];
  read: string[];
}): Member[] {
  const out: Member[] = [{ email: c.owner_email, role: "admin", owner: true }];
  for (const role of [...accessTypes].reverse()) {
    for (const email of [...c[role]].sort())
      if (email !== c.owner_email) out.push({ email, role, owner: false });
  }
  return out;
}
