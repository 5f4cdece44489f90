import { zMindmap } from "../mindmap.ts";
import { endpoint } from "./endpoint.ts";

/** Spec 2 §2 `?tab=mindmap`: the graph behind the mind map (a path the spec leaves "not shown"). */
export const mindmap = {
  get: endpoint({
    method: "get",
    path: "/mindmap",
    summary: "The viewer's memories and collections as a graph (membership and shared key terms)",
    tag: "memories",
    response: zMindmap,
  }),
};
