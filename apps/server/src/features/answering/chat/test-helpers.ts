import crypto from "node:crypto";
import { newChatItem, readChatStream, type ChatItemState, type StreamLine } from "@mnemo/contracts/stream";
import type { ChatRequestInput } from "@mnemo/contracts/chat";
import type { Db } from "../../../platform/db/client.ts";
import { source, sourceContent } from "../../../platform/db/schema/index.ts";
import { indexSourceContent } from "../../../core/search/index.ts";
import type { TestMnemo, TestUser } from "../../../test/harness.ts";
import { decodeNdjson } from "../../../test/ndjson.ts";

/** Saves a memory with its content and indexes it, as the ingestion pipeline would. */
export async function addMemory(
  db: Db,
  owner: { id: string },
  title: string,
  markdown: string,
  type = "page",
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(source).values({ id, ownerId: owner.id, type, title, status: "success" });
  await db.insert(sourceContent).values({ sourceId: id, ownerId: owner.id, markdown });
  await indexSourceContent(db, id);
  return id;
}

/** Asks through POST /api/qna; returns the raw lines and the chat item the web app's parser builds. */
export async function ask(
  m: TestMnemo,
  as: TestUser,
  body: ChatRequestInput,
): Promise<{ status: number; lines: StreamLine[]; item: ChatItemState; text: string }> {
  const res = await m.request("POST", "/api/qna", { as, json: body });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, lines: [], item: newChatItem(body.question), text };
  const lines = decodeNdjson(text);
  const item = await readChatStream(new Blob([text]).stream(), newChatItem(body.question));
  return { status: res.status, lines, item, text };
}
