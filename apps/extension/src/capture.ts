import { Readability } from "@mozilla/readability";

/**
 * Runs in the page (chrome.scripting): the readable content of the page as the browser rendered
 * it — after scripts ran and with the reader's own session — as plain Markdown-ish text.
 */
function capture() {
  const clone = document.cloneNode(true) as Document;
  const article = new Readability(clone, { charThreshold: 200 }).parse();
  const title = (article?.title || document.title || location.href).trim();
  const text = (article?.textContent ?? document.body?.innerText ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
  return {
    url: location.href,
    title,
    content: text ? `# ${title}\n\n${text}` : "",
    selection: String(getSelection() ?? ""),
  };
}

// Kept in the extension's isolated world of the page; the next executeScript calls it.
(globalThis as unknown as { mnemoCapture: typeof capture }).mnemoCapture = capture;
