/**
 * Notion pages and databases as Markdown (pure): the block, rich text and property shapes of the
 * Notion API reference (developers.notion.com/reference/block, /rich-text, /page-property-values).
 */

export type RichText = {
  plain_text?: string;
  href?: string | null;
  annotations?: { bold?: boolean; italic?: boolean; strikethrough?: boolean; code?: boolean };
};

export type NotionBlock = {
  id: string;
  type: string;
  has_children?: boolean;
  /** Filled by the connector for blocks with children (read with their own calls). */
  children?: NotionBlock[];
} & Record<string, unknown>;

export type NotionProperty = { type: string } & Record<string, unknown>;

export type NotionPage = {
  object: "page";
  id: string;
  url?: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  parent?: { type: string; database_id?: string; page_id?: string };
  properties?: Record<string, NotionProperty>;
};

export type NotionDatabase = {
  object: "database";
  id: string;
  url?: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  title?: RichText[];
  description?: RichText[];
  properties?: Record<string, { type: string }>;
};

/** Rich text as Markdown (bold, italic, strikethrough, code, links). */
export function richText(parts: RichText[] | undefined): string {
  return (parts ?? [])
    .map((p) => {
      let s = p.plain_text ?? "";
      if (!s) return "";
      const a = p.annotations ?? {};
      if (a.code) s = `\`${s}\``;
      if (a.bold) s = `**${s}**`;
      if (a.italic) s = `*${s}*`;
      if (a.strikethrough) s = `~~${s}~~`;
      if (p.href) s = `[${s}](${p.href})`;
      return s;
    })
    .join("");
}

const plain = (parts: RichText[] | undefined) => (parts ?? []).map((p) => p.plain_text ?? "").join("");

/** One property value as text (empty when it has none). */
export function propertyText(p: NotionProperty | undefined): string {
  if (!p) return "";
  const v = p[p.type] as unknown;
  switch (p.type) {
    case "title":
    case "rich_text":
      return plain(v as RichText[]);
    case "number":
      return v === null || v === undefined ? "" : String(v);
    case "select":
    case "status":
      return (v as { name?: string } | null)?.name ?? "";
    case "multi_select":
      return ((v as { name?: string }[] | null) ?? []).map((o) => o.name ?? "").join(", ");
    case "date": {
      const d = v as { start?: string; end?: string | null } | null;
      return d?.start ? (d.end ? `${d.start} → ${d.end}` : d.start) : "";
    }
    case "checkbox":
      return v ? "Yes" : "No";
    case "url":
    case "email":
    case "phone_number":
    case "created_time":
    case "last_edited_time":
      return typeof v === "string" ? v : "";
    case "people":
      return ((v as { name?: string }[] | null) ?? []).map((u) => u.name ?? "").join(", ");
    case "formula": {
      const f = v as ({ type: string } & Record<string, unknown>) | null;
      return f ? String(f[f.type] ?? "") : "";
    }
    case "relation":
      return `${((v as unknown[]) ?? []).length} linked`;
    default:
      return "";
  }
}

/** A page's title: its title property (every page has exactly one). */
export function pageTitle(page: NotionPage): string {
  const title = Object.values(page.properties ?? {}).find((p) => p.type === "title");
  return propertyText(title).trim() || "Untitled";
}

export function databaseTitle(db: NotionDatabase): string {
  return plain(db.title).trim() || "Untitled database";
}

const escapeCell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function blockLines(block: NotionBlock, depth: number, index: number): string[] {
  const body = (block[block.type] ?? {}) as Record<string, unknown>;
  const text = richText(body.rich_text as RichText[] | undefined);
  const indent = "  ".repeat(depth);
  const children = (kids: NotionBlock[] | undefined, d: number) => blocksLines(kids ?? [], d);
  switch (block.type) {
    case "paragraph":
      return [`${indent}${text}`, ...children(block.children, depth + 1)];
    case "heading_1":
      return [`# ${text}`, ...children(block.children, depth)];
    case "heading_2":
      return [`## ${text}`, ...children(block.children, depth)];
    case "heading_3":
      return [`### ${text}`, ...children(block.children, depth)];
    case "bulleted_list_item":
      return [`${indent}- ${text}`, ...children(block.children, depth + 1)];
    case "numbered_list_item":
      return [`${indent}${index}. ${text}`, ...children(block.children, depth + 1)];
    case "to_do":
      return [`${indent}- [${body.checked ? "x" : " "}] ${text}`, ...children(block.children, depth + 1)];
    case "toggle":
      return [`${indent}- ${text}`, ...children(block.children, depth + 1)];
    case "quote":
      return [`${indent}> ${text}`, ...children(block.children, depth + 1)];
    case "callout":
      return [`${indent}> ${text}`, ...children(block.children, depth + 1)];
    case "code":
      return ["```" + String(body.language ?? "") + "\n" + plain(body.rich_text as RichText[]) + "\n```"];
    case "equation":
      return [`$$${String(body.expression ?? "")}$$`];
    case "divider":
      return ["---"];
    case "child_page":
      return [`${indent}📄 ${String(body.title ?? "Untitled")}`];
    case "child_database":
      return [`${indent}🗂 ${String(body.title ?? "Untitled database")}`];
    case "bookmark":
    case "embed":
    case "link_preview":
      return body.url ? [`${indent}<${String(body.url)}>`] : [];
    case "image":
    case "file":
    case "pdf":
    case "video": {
      const caption = plain(body.caption as RichText[] | undefined);
      const name = typeof body.name === "string" ? body.name : "";
      return caption || name ? [`${indent}[${block.type}: ${caption || name}]`] : [];
    }
    case "table": {
      const rows = (block.children ?? []).filter((r) => r.type === "table_row");
      const lines = rows.map(
        (r) =>
          `| ${(((r.table_row as { cells?: RichText[][] })?.cells ?? []) as RichText[][])
            .map((c) => escapeCell(plain(c)))
            .join(" | ")} |`,
      );
      if (lines.length && body.has_column_header !== false) {
        const cols = (lines[0]!.match(/ \| /g)?.length ?? 0) + 1;
        lines.splice(1, 0, `|${" --- |".repeat(cols)}`);
      }
      return lines;
    }
    default:
      // Blocks without text of their own (column lists, synced blocks): their children.
      return text ? [`${indent}${text}`] : children(block.children, depth);
  }
}

function blocksLines(blocks: NotionBlock[], depth: number): string[] {
  const out: string[] = [];
  let number = 0;
  for (const b of blocks) {
    number = b.type === "numbered_list_item" ? number + 1 : 0;
    out.push(...blockLines(b, depth, number));
  }
  return out;
}

/** Block trees as Markdown; list items stay together, other blocks are separated by a blank line. */
export function blocksToMarkdown(blocks: NotionBlock[]): string {
  const lines = blocksLines(blocks, 0);
  const out: string[] = [];
  for (const line of lines) {
    const listy = /^\s*(?:- |\d+\. |\| )/.test(line);
    const prev = out[out.length - 1];
    if (prev !== undefined && !(listy && /^\s*(?:- |\d+\. |\| )/.test(prev)) && !/^\s/.test(line))
      out.push("");
    out.push(line);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A page as Markdown: its title, its properties (database rows) and its content. */
export function pageMarkdown(page: NotionPage, blocks: NotionBlock[]): string {
  const props = Object.entries(page.properties ?? {})
    .filter(([, p]) => p.type !== "title")
    .map(([name, p]) => [name, propertyText(p)] as const)
    .filter(([, v]) => v)
    .map(([name, v]) => `**${name}:** ${v}`);
  return [`# ${pageTitle(page)}`, props.join("  \n"), blocksToMarkdown(blocks)].filter(Boolean).join("\n\n");
}

/** A database as Markdown: its title, description and rows as a table of their properties. */
export function databaseMarkdown(db: NotionDatabase, rows: NotionPage[]): string {
  const columns = Object.entries(db.properties ?? {})
    .sort(([, a], [, b]) => (a.type === "title" ? -1 : b.type === "title" ? 1 : 0))
    .map(([name]) => name);
  const head = [`# ${databaseTitle(db)}`, plain(db.description)].filter(Boolean);
  if (!columns.length || !rows.length) return [...head, rows.length ? "" : "(no rows)"].join("\n\n").trim();
  const table = [
    `| ${columns.map(escapeCell).join(" | ")} |`,
    `|${" --- |".repeat(columns.length)}`,
    ...rows.map((r) => `| ${columns.map((c) => escapeCell(propertyText(r.properties?.[c]))).join(" | ")} |`),
  ];
  return [...head, table.join("\n")].join("\n\n");
}
