import { zSuccess } from "../common.ts";
import {
  zAnnouncement,
  zAnnouncementList,
  zAppUpdates,
  zCreateAnnouncementInput,
  zWebVersion,
} from "../notices.ts";
import { endpoint } from "./endpoint.ts";

const tag = "notices";

/**
 * Notices (spec 3 §2, §4, §7): announcements for every user, published by a site administrator
 * or the operator command (`mnemo announce`), and the web build's version for the update banner.
 */
export const notices = {
  announcements: endpoint({
    method: "get",
    path: "/announcements",
    summary: "The announcements shown now (alert or other), newest first",
    tag,
    response: zAnnouncementList,
  }),
  createAnnouncement: endpoint({
    method: "post",
    path: "/admin/announcements",
    summary: "Publish an announcement to every user (site administrators, the operator command)",
    tag,
    body: zCreateAnnouncementInput,
    response: zAnnouncement,
  }),
  withdrawAnnouncement: endpoint({
    method: "delete",
    path: "/admin/announcements/:uid",
    summary: "Withdraw an announcement for everyone",
    tag,
    response: zSuccess,
  }),
  webVersion: endpoint({
    method: "get",
    path: "/check_web_version",
    summary: "The version of the web build the server serves (the update banner compares its own)",
    tag,
    auth: false,
    response: zWebVersion,
  }),
  appUpdates: endpoint({
    method: "get",
    path: "/app-metadata/updates",
    summary:
      "The app-metadata/updates document: the desktop app version the operator's builds are at (null: none)",
    tag,
    auth: false,
    response: zAppUpdates,
  }),
};
