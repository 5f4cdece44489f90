/**
 * A small RFC 4180 CSV parser for previews: quoted fields, doubled quotes, CRLF/LF line ends,
 * and the separator sniffed from the first line (comma, semicolon or tab). Rows past `maxRows`
 * are cut so a big file cannot freeze the page; `truncated` tells the table to say so.
 */
export function parseCsv(input: string, maxRows = 1000): { rows: string[][]; truncated: boolean } {
  const text = input.replace(/^\uFEFF/, "");
  const sep = sniffSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = "";
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      endRow();
      if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), truncated: true };
    } else field += ch;
    i += 1;
  }
  if (field !== "" || row.length > 0) endRow();
  return { rows: rows.slice(0, maxRows), truncated: rows.length > maxRows };
}

function sniffSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((s) => [s, firstLine.split(s).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** Decodes base64 text as UTF-8 (atob alone mangles non-ASCII). */
export function decodeBase64Utf8(b64: string): string {
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
