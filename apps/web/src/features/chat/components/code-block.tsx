import { memo, useEffect, useRef, useState } from "react";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import "./highlight.css";

const languages = { bash, css, go, java, javascript, json, python, rust, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);
hljs.registerAliases(["sh", "shell", "zsh"], { languageName: "bash" });
hljs.registerAliases(["js", "jsx"], { languageName: "javascript" });
hljs.registerAliases(["ts", "tsx"], { languageName: "typescript" });
hljs.registerAliases(["py"], { languageName: "python" });
hljs.registerAliases(["html", "svg"], { languageName: "xml" });
hljs.registerAliases(["yml"], { languageName: "yaml" });

/** highlight.js escapes the code it returns, so its HTML is safe to insert. */
function highlight(code: string, lang: string | null): string | null {
  if (!lang || !hljs.getLanguage(lang)) return null;
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}

/**
 * A fenced code block. Highlighting runs at most every 750 ms while the answer streams
 * (spec 1 §9) and once more when it ends; between runs the plain text shows.
 */
export const CodeBlock = memo(function CodeBlock({ code, lang, streaming }: { code: string; lang: string | null; streaming: boolean }) {
  const [html, setHtml] = useState<{ code: string; html: string | null } | null>(() => (streaming ? null : { code, html: highlight(code, lang) }));
  const last = useRef(0);
  useEffect(() => {
    if (html?.code === code) return;
    const wait = streaming ? Math.max(0, last.current + chatConstants.codeHighlightThrottleMs - Date.now()) : 0;
    const t = setTimeout(() => {
      last.current = Date.now();
      setHtml({ code, html: highlight(code, lang) });
    }, wait);
    return () => clearTimeout(t);
  }, [code, lang, streaming, html?.code]);
  const fresh = html?.code === code ? html.html : null;
  return (
    <pre className="hljs my-3 overflow-x-auto rounded-md border bg-muted/60 p-3 text-[13px] leading-relaxed">
      {lang && <div className="mb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{lang}</div>}
      {fresh ? <code className={`language-${lang}`} dangerouslySetInnerHTML={{ __html: fresh }} /> : <code>{code}</code>}
    </pre>
  );
});
