import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";

/** A plain-text message to one address. */
export type Mail = { to: string; subject: string; text: string };

/** Sends mail over SMTP (SMTP_URL); undefined when SMTP is not configured. */
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * The SMTP mailer from SMTP_URL (e.g. `smtps://user:pass@mail.example.com:465` or
 * `smtp://127.0.0.1:2525`) and MAIL_FROM; undefined without SMTP_URL (invitations are then
 * copied by the sharer, and e-mail addresses are never verified).
 */
export function mailerFromConfig(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer | undefined {
  const url = config.SMTP_URL;
  if (!url) return undefined;
  // nodemailer loads with the first mail (start-up memory: docs/decisions.md "Lean and quick").
  let transport: Promise<Transporter> | undefined;
  return {
    send: async ({ to, subject, text }) => {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
      await (await transport).sendMail({ from: config.MAIL_FROM, to, subject, text });
    },
  };
}
