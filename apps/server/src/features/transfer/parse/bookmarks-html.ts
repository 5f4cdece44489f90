import { Parser } from "htmlparser2";
import { CollectionSet, ImportParseError, item, isoTime, tagsDescription } from "./types.ts";
import type { ImportPlan, ParseLimits } from "./types.ts";
import { importMessages } from "@mnemo/contracts";

/** Root folders of browsers' exports that are containers, not collections people made. */
const CONTAINER_ATTRS = ["personal_toolbar_folder", "unfiled_bookmarks_folder"];

/**
 * Netscape bookmark files (Chrome, Firefox, Safari, Edge exports; Pocket's HTML export): every
 * `<A HREF>` is a link; the `<H3>` folders it sits in become one collection named by their path
 * ("Reading / Rust"); TAGS, ADD_DATE (or time_added) and the `<DD>` description are kept.
 * A streaming parse: a 100,000-bookmark file is read in one pass without a DOM.
 */
export function parseBookmarksHtml(
  html: string,
  limits: ParseLimits,
  format: ImportPlan["format"],
): ImportPlan {
  const collections = new CollectionSet();
  const plan: ImportPlan = { format, collections: [], items: [], chats: [], errors: [] };
  /** Folder names down to the current `<DL>` (null: a container root, skipped in names). */
  const folders: (string | null)[] = [];
  let pendingFolder: string | null | undefined;
  let inH3 = false;
  let h3Text = "";
  let h3Container = false;
  let anchor: { href: string; tags: string[]; added: string | null; text: string } | null = null;
  let inDd = false;
  let ddText = "";
  let last: (typeof plan.items)[number] | null = null;

  const finishDd = () => {
    if (inDd && last && ddText.trim())
      last.description = [ddText.trim(), last.description].filter(Boolean).join("\n");
    inDd = false;
    ddText = "";
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "h3") {
          finishDd();
          inH3 = true;
          h3Text = "";
          h3Container = CONTAINER_ATTRS.some((a) => a in attrs);
        } else if (name === "dl") {
          finishDd();
          folders.push(pendingFolder ?? null);
          pendingFolder = undefined;
        } else if (name === "a" && attrs.href) {
          finishDd();
          const tags = (attrs.tags ?? "")
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean);
          anchor = { href: attrs.href, tags, added: isoTime(attrs.add_date ?? attrs.time_added), text: "" };
        } else if (name === "dd") {
          finishDd();
          inDd = true;
        } else if (name === "dt") {
          finishDd();
        }
      },
      ontext(text) {
        if (inH3) h3Text += text;
        else if (anchor) anchor.text += text;
        else if (inDd) ddText += text;
      },
      onclosetag(name) {
        if (name === "h3" && inH3) {
          inH3 = false;
          pendingFolder = h3Container ? null : h3Text.trim() || null;
        } else if (name === "dl") {
          finishDd();
          folders.pop();
        } else if (name === "a" && anchor) {
          const a = anchor;
          anchor = null;
          if (!/^https?:/i.test(a.href)) {
            // javascript:, place:, file: and data: bookmarks are not web pages.
            plan.errors.push({
              item: a.text.trim() || a.href.slice(0, 200),
              message: "Not a web link; skipped.",
            });
            return;
          }
          if (plan.items.length >= limits.maxItems)
            throw new ImportParseError(importMessages.tooManyItems, "too_many");
          const path = folders.filter((f): f is string => Boolean(f));
          const key = path.length ? collections.add(path.join(" / ")) : null;
          last = item({
            ref: a.href,
            kind: "link",
            title: a.text.trim().slice(0, 500),
            url: a.href,
            tags: a.tags,
            description: tagsDescription(a.tags),
            createdAt: a.added,
            collections: key ? [key] : [],
          });
          plan.items.push(last);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  plan.collections = collections.list();
  return plan;
}
