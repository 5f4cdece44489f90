/** Texts of opening a cited passage in the preview (issue 22; composed: the spec does not word them). */
export const passageMessages = {
  /** The passage is no longer where the answer found it: the memory opens at its top. */
  notFound:
    "The cited passage could not be found. This memory may have changed since the answer; it opens at the top.",
  memoryGone: "The cited memory is no longer available. It may have been deleted since the answer.",
  citedPassage: "Cited passage",
  pageOf: (p: { page: number; pages: number }): string => `Page ${p.page} of ${p.pages}`,
  wholePdf: "Show the whole PDF",
} as const;
