import { endpoint } from "./endpoint.ts";

/** ARCHITECTURE §4: the user's live stream (own document, indexing changes, notices). */
export const events = {
  stream: endpoint({
    method: "get",
    path: "/events",
    summary: "Server-Sent Events: own document, indexing status, notices (Last-Event-ID replays)",
    tag: "events",
    contentType: "text/event-stream",
    responseDescription: "event stream",
  }),
};
