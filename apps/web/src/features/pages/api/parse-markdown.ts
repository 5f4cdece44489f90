import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/blocknote-parser: Markdown to a BlockNote block document. */
export async function parseMarkdownToBlocks(markdown: string): Promise<unknown[]> {
  const res = await api.request(endpoints.pages.parseMarkdown, { body: { markdown } });
  return res.blocks;
}
