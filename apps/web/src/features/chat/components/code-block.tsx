import { createContext, memo, useContext, useEffect, useState } from "react";
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

/** True while the answer around a code block still streams (read by code blocks only). */
export const LiveAnswer = createContext(false);

/** When the next throttled highlight may run: one highlight per 750 ms over all streaming answers. */
let nextSlot = 0;
function throttledDelay(): number {
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + chatConstants.codeHighlightThrottleMs;
  return at - now;
}

/**
 * A fenced code block. The open (streaming) block of an answer shows plain text; once a block is
 * complete it is highlighted, at most one block every 750 ms while the answer streams (spec 1 §9),
 * each in its own task, and at once in a finished answer.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  lang,
  streaming,
}: {
  code: string;
  lang: string | null;
  streaming: boolean;
}) {
  const live = useContext(LiveAnswer);
  const [html, setHtml] = useState<{ code: string; html: string | null } | null>(() =>
    streaming || live ? null : { code, html: highlight(code, lang) },
  );
  useEffect(() => {
    if (streaming || html?.code === code || !lang) return;
    // A finished answer highlights at once and frees the slots its cancelled timers had reserved.
    if (!live) nextSlot = 0;
    const t = setTimeout(() => setHtml({ code, html: highlight(code, lang) }), live ? throttledDelay() : 0);
    return () => clearTimeout(t);
  }, [code, lang, streaming, live, html?.code]);
  const fresh = !streaming && html?.code === code ? html.html : null;
  return (
    <pre className="hljs my-3 overflow-x-auto rounded-md border bg-muted/60 p-3 text-[13px] leading-relaxed">
      {lang && (
        <div className="mb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
          {lang}
        </div>
      )}
      {fresh ? (
        <code className={`language-${lang}`} dangerouslySetInnerHTML={{ __html: fresh }} />
      ) : (
        <code>{code}</code>
      )}
    </pre>
  );
});
