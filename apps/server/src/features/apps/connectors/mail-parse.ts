/**
 * Parses one e-mail message (RFC 5322 source, untrusted) with `mailparser`, inside the extraction
 * sandbox (sandbox-tasks.ts `parseMail`): the headers, the readable body as Markdown-ready text,
 * and the attachments' bytes. Plain strings and bytes only, so it crosses IPC as is.
 */
import type { ParsedMail } from "./types.ts";

/** The longest body kept (a memory's text; the rest of a giant message is dropped). */
const MAX_BODY_CHARS = 1_000_000;
/** At most this many attachments are handed back per message. */
const MAX_ATTACHMENTS = 20;

type Address = { value?: { name?: string; address?: string }[] };

/** "Name <address>" for each address of a header (to, cc may hold several header lines). */
const addresses = (a: Address | Address[] | undefined): string =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value ?? [])
    .map((v) => (v.name ? `${v.name} <${v.address ?? ""}>` : (v.address ?? "")))
    .filter(Boolean)
    .join(", ");

export async function parseMailSource(source: Uint8Array): Promise<ParsedMail> {
  const { simpleParser } = await import("mailparser");
  const m = await simpleParser(Buffer.from(source), { skipImageLinks: true, skipTextToHtml: true });
  const body = (m.text ?? "").replace(/\r\n/g, "\n").trim().slice(0, MAX_BODY_CHARS);
  return {
    subject: (m.subject ?? "").trim(),
    from: addresses(m.from),
    to: addresses(m.to),
    cc: addresses(m.cc),
    date: m.date && !Number.isNaN(m.date.getTime()) ? m.date.toISOString() : null,
    messageId: m.messageId ?? null,
    text: body,
    attachments: m.attachments
      .filter((a) => a.contentDisposition !== "inline" || a.filename)
      .slice(0, MAX_ATTACHMENTS)
      .map((a) => ({
        // A plain ASCII file name (the upload rules refuse others): accents folded, the rest "_".
        filename: (a.filename ?? "attachment")
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .replace(/[^\x20-\x7e]|[/\\]/g, "_")
          .slice(0, 200),
        contentType: a.contentType || "application/octet-stream",
        size: a.size,
        content: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      })),
  };
}
