import { describe, expect, it } from "vitest";
import {
  blocksToMarkdown,
  databaseMarkdown,
  pageMarkdown,
  richText,
  type NotionBlock,
} from "./notion-markdown.ts";

const t = (s: string, annotations = {}) => ({ plain_text: s, href: null, annotations });
const block = (
  type: string,
  text: string,
  extra: Record<string, unknown> = {},
  children?: NotionBlock[],
): NotionBlock => ({
  id: `${type}-${text}`,
  type,
  has_children: Boolean(children),
  children,
  [type]: { rich_text: [t(text)], ...extra },
});

describe("Notion as Markdown", () => {
  it("keeps emphasis, code and links of rich text", () => {
    expect(
      richText([
        t("bold", { bold: true }),
        t(" and "),
        { plain_text: "a link", href: "https://x.example" },
        t(" "),
        t("x()", { code: true }),
      ]),
    ).toBe("**bold** and [a link](https://x.example) `x()`");
  });

  it("renders headings, numbered and nested lists, to-dos, code and tables", () => {
    const md = blocksToMarkdown([
      block("heading_2", "Plan"),
      block("numbered_list_item", "one"),
      block("numbered_list_item", "two", {}, [block("bulleted_list_item", "nested")]),
      block("to_do", "done", { checked: true }),
      block("code", "let x = 1;", { language: "javascript" }),
      {
        id: "tbl",
        type: "table",
        has_children: true,
        table: { has_column_header: true },
        children: [
          { id: "r1", type: "table_row", table_row: { cells: [[t("Name")], [t("Qty")]] } },
          { id: "r2", type: "table_row", table_row: { cells: [[t("Beans")], [t("3")]] } },
        ],
      },
    ]);
    expect(md).toBe(
      "## Plan\n\n1. one\n2. two\n  - nested\n- [x] done\n\n```javascript\nlet x = 1;\n```\n\n| Name | Qty |\n| --- | --- |\n| Beans | 3 |",
    );
  });

  it("writes a database row's properties under its title, and a database as a table of its rows", () => {
    const row = {
      object: "page" as const,
      id: "p1",
      last_edited_time: "2026-11-01T00:00:00Z",
      properties: {
        Name: { type: "title", title: [t("Moby-Dick")] },
        Tags: { type: "multi_select", multi_select: [{ name: "sea" }, { name: "whale" }] },
        Done: { type: "checkbox", checkbox: true },
      },
    };
    expect(pageMarkdown(row, [])).toBe("# Moby-Dick\n\n**Tags:** sea, whale  \n**Done:** Yes");
    const db = {
      object: "database" as const,
      id: "d1",
      last_edited_time: "2026-11-01T00:00:00Z",
      title: [t("Books")],
      properties: { Tags: { type: "multi_select" }, Name: { type: "title" }, Done: { type: "checkbox" } },
    };
    expect(databaseMarkdown(db, [row])).toBe(
      "# Books\n\n| Name | Tags | Done |\n| --- | --- | --- |\n| Moby-Dick | sea, whale | Yes |",
    );
  });
});
