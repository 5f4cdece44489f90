import { mailMessages } from "@mnemo/contracts";
import type { Mail } from "./mailer.ts";

/** The mail with an e-mail verification link. */
export function verificationMail(to: string, url: string): Mail {
  return { to, subject: mailMessages.verificationSubject, text: mailMessages.verificationText({ url }) };
}

/** The notice to an address that already has an account when someone signs up with it again. */
export function existingAccountMail(to: string, signInUrl: string): Mail {
  return {
    to,
    subject: mailMessages.existingAccountSubject,
    text: mailMessages.existingAccountText({ signInUrl }),
  };
}

/** The notice to an account's owner that wrong passwords throttle its sign-in (issue 46). */
export function signInThrottledMail(to: string, p: { failures: number; publicUrl?: string }): Mail {
  const signInUrl = `${(p.publicUrl ?? "").replace(/\/$/, "")}/sign-in`;
  return {
    to,
    subject: mailMessages.signInThrottledSubject,
    text: mailMessages.signInThrottledText({ failures: p.failures, signInUrl }),
  };
}

/** The mail with a collection's single-use invitation link. */
export function invitationMail(to: string, p: { inviter: string; name: string; url: string }): Mail {
  return { to, subject: mailMessages.invitationSubject(p), text: mailMessages.invitationText(p) };
}
