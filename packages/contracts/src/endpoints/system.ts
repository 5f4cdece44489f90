import { zHealth } from "../health.ts";
import { endpoint } from "./endpoint.ts";

/** The server itself: liveness and the OpenAPI document built from this table. */
export const system = {
  health: endpoint({
    method: "get",
    path: "/health",
    summary: "Liveness and database status",
    tag: "system",
    auth: false,
    response: zHealth,
  }),
  openapi: endpoint({
    method: "get",
    path: "/openapi.json",
    summary: "This OpenAPI document",
    tag: "system",
    auth: false,
  }),
  docs: endpoint({
    method: "get",
    path: "/docs",
    summary: "This server's README (plain text): the default docs link of the contact-support dialog",
    tag: "system",
    auth: false,
    contentType: "text/plain",
  }),
};
