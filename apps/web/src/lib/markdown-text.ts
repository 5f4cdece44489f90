/**
 * Plain words of a Markdown snippet (a memory card, a chat source card): no table pipes, rules,
 * headings or emphasis marks, so `## Page 1 …` reads as "Page 1 …".
 */
export function plainSnippet(markdown: string): string {
  return (
    markdown
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      // Headings, also where a snippet joined lines ("… end ## Page 2 …"); "C#" stays.
      .replace(/(^|\s)#{1,6}\s+/g, "$1")
      .replace(/\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?/g, " ")
      .replace(/[|*_`>~]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}
