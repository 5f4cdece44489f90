import { zScreenshotInput, zScreenshotResponse, zScreenshotStatus } from "../screenshots.ts";
import { endpoint } from "./endpoint.ts";

/** Full-page screenshots with the system Chromium (spec 2 §7 "take a full-page screenshot by url"). */
export const screenshots = {
  status: endpoint({
    method: "get",
    path: "/screenshot/status",
    summary: "Whether screenshots are available here, and why not",
    tag: "sources",
    response: zScreenshotStatus,
  }),
  take: endpoint({
    method: "post",
    path: "/screenshot",
    summary: "Take a full-page screenshot of a URL; returns its stored URL",
    tag: "sources",
    body: zScreenshotInput,
    response: zScreenshotResponse,
  }),
};
