import { zBlocknoteParserInput, zBlocknoteParserResponse, zPage, zSavePageInput } from "../uploads.ts";
import { endpoint } from "./endpoint.ts";

const tag = "pages";

export const pages = {
  parseMarkdown: endpoint({
    method: "post",
    path: "/blocknote-parser",
    summary: "Markdown to a BlockNote block document",
    tag,
    body: zBlocknoteParserInput,
    response: zBlocknoteParserResponse,
  }),
  create: endpoint({
    method: "post",
    path: "/pages",
    summary: "Save a new page (note) as a memory and index it",
    tag,
    body: zSavePageInput,
    response: zPage,
  }),
  update: endpoint({
    method: "put",
    path: "/pages/:id",
    summary: "Update a page; it is re-indexed",
    tag,
    body: zSavePageInput,
    response: zPage,
  }),
  get: endpoint({
    method: "get",
    path: "/pages/:id",
    summary: "A page's title, blocks and Markdown",
    tag,
    response: zPage,
  }),
};
