import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string; from: string; subject: string; text: string; raw: string };

/** TEST ONLY: a real SMTP server (smtp-server) on a loopback port keeping every message it receives. */
export async function startSmtpPeer(port = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const [head, ...rest] = raw.split(/\r?\n\r?\n/);
        const header = (name: string) =>
          head
            .match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "im"))?.[1]
            .replace(/\r?\n[ \t]/g, " ") ?? "";
        // Quoted-printable soft line breaks and =3D.
        const text = rest
          .join("\n\n")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=")
          .replace(/\r\n/g, "\n")
          .trim();
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        for (const rcpt of session.envelope.rcptTo)
          mails.push({ to: rcpt.address, from, subject: header("Subject"), text, raw });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((ok) => server.close(ok)),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
