import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { splitIncremental, type BlockSplit } from "../logic/blocks";
import { citationOf, remarkCitations } from "../logic/citations";
import { CodeBlock, LiveAnswer } from "./code-block";

type OnCite = (n: number) => void;

function textOf(children: ReactNode): string {
  if (typeof children === "string") return children;
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

function components(onCite: OnCite | undefined, streaming: boolean): Components {
  return {
    a({ href, children }) {
      const n = citationOf(href);
      if (n !== null) {
        return (
          <button
            type="button"
            onClick={() => onCite?.(n)}
            className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-px items-center justify-center rounded-full bg-primary/10 px-1 align-middle text-[11px] font-semibold text-primary hover:bg-primary/20"
            aria-label={`Open memory ${n}`}
            data-citation={n}
          >
            {n}
          </button>
        );
      }
      const safe = href && /^(https?:|mailto:|#|\/)/i.test(href) ? href : undefined;
      return (
        <a
          href={safe}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-primary underline underline-offset-2"
        >
          {children}
        </a>
      );
    },
    pre({ children }) {
      return <>{children}</>;
    },
    code({ className, children }) {
      const lang = /language-([\w-]+)/.exec(className ?? "")?.[1] ?? null;
      const text = textOf(children);
      if (!className && !text.includes("\n"))
        return <code className="rounded bg-muted px-1 py-0.5 text-[0.9em]">{children}</code>;
      return <CodeBlock code={text.replace(/\n$/, "")} lang={lang} streaming={streaming} />;
    },
    table({ children }) {
      return (
        <div className="my-3 overflow-x-auto">
          <table className="w-full border-collapse text-sm">{children}</table>
        </div>
      );
    },
    th: ({ children }) => <th className="border px-2 py-1 text-left font-semibold">{children}</th>,
    td: ({ children }) => <td className="border px-2 py-1 align-top">{children}</td>,
  };
}

/** One block of the answer, parsed and rendered once for each text it gets (memoized). */
const Block = memo(function Block({
  text,
  onCite,
  streaming,
}: {
  text: string;
  onCite: OnCite;
  streaming: boolean;
}) {
  const comps = useMemo(() => components(onCite, streaming), [onCite, streaming]);
  return (
    <ReactMarkdown remarkPlugins={plugins.remark} rehypePlugins={plugins.rehype} components={comps}>
      {text}
    </ReactMarkdown>
  );
});

const plugins = { remark: [remarkGfm, remarkCitations], rehype: [rehypeSanitize] };

/**
 * A Markdown answer: GFM tables and code, sanitized (raw HTML is never rendered; script and
 * javascript: links come out inert), citations `[n]` as buttons. While it streams, the text is
 * split incrementally: completed blocks (keyed by their offset) render once, only the open last
 * block re-parses on each frame, and code in it is not highlighted.
 */
export function AnswerMarkdown({
  markdown,
  onCite,
  streaming = false,
}: {
  markdown: string;
  onCite?: OnCite;
  streaming?: boolean;
}) {
  const prev = useRef<BlockSplit | null>(null);
  const split = useMemo(() => splitIncremental(prev.current, markdown), [markdown]);
  useEffect(() => {
    prev.current = split;
  }, [split]);
  // A stable citation handler, so a new parent callback does not re-render every block.
  const citeRef = useRef(onCite);
  useEffect(() => {
    citeRef.current = onCite;
  }, [onCite]);
  const cite = useCallback((n: number) => citeRef.current?.(n), []);
  return (
    <LiveAnswer.Provider value={streaming}>
      <div className="answer-markdown text-[15px] leading-7 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_h1]:mt-4 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6">
        {split.done.map((b) => (
          <Block key={b.start} text={b.text} onCite={cite} streaming={false} />
        ))}
        {split.tail.trim() && (
          <Block key={split.tailStart} text={split.tail} onCite={cite} streaming={streaming} />
        )}
      </div>
    </LiveAnswer.Provider>
  );
}
