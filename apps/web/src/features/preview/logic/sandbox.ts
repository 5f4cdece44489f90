/**
 * Content-Security-Policy put in front of untrusted HTML previewed in a frame. Together with
 * `sandbox=""` (no scripts, no same-origin) nothing in the document can run, fetch or navigate;
 * only inline styles and data: images render.
 */
export const previewCsp =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/** The `srcdoc` for an untrusted HTML document: the strict CSP meta comes before anything else. */
export function sandboxedSrcDoc(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${previewCsp}">`;
  return `<!doctype html><html><head>${meta}<meta charset="utf-8"><base target="_blank"></head><body>${html}</body></html>`;
}
