import { zBriefResponse, zPassagesQuery, zPassagesResponse } from "../brief.ts";
import { endpoint } from "./endpoint.ts";

const tag = "brief";

/** Whole-collection brief and every passage about a query (issue 45); `:id` "everything" is all the user may read. */
export const brief = {
  get: endpoint({
    method: "get",
    path: "/collection/:id/brief",
    summary:
      "The collection's brief over every memory: key points, terms, timeline and what is new since the user last read it (built by a background job for large collections; kept until the collection changes)",
    tag,
    response: zBriefResponse,
  }),
  passages: endpoint({
    method: "get",
    path: "/collection/:id/passages",
    summary: "Every passage of the collection matching a query, grouped by memory, each with its anchor",
    tag,
    query: zPassagesQuery,
    response: zPassagesResponse,
  }),
  exportPassages: endpoint({
    method: "get",
    path: "/collection/:id/passages/export",
    summary: "Every passage matching a query as Markdown, each linking to its memory opened at the passage",
    tag,
    query: zPassagesQuery,
    contentType: "text/markdown",
    responseDescription: "A Markdown document: a section per memory, a quoted passage and its link each",
  }),
};
