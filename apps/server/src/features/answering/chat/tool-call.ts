import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { chatMessages } from "@mnemo/contracts";
import type { ExecuteToolCallInput, ExecuteToolCallResponse } from "@mnemo/contracts/chat";
import type { Actor } from "../../../platform/context.ts";
import type { Db } from "../../../platform/db/client.ts";
import { chatTurn } from "../../../platform/db/schema/index.ts";
import type { Logger } from "../../../platform/logger.ts";
import { notFound, validation } from "../../../platform/lib/errors.ts";
import { EMAIL_TOOL, zEmailParams } from "../agents/tools.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";
import * as repo from "./repo.ts";

type StoredCall = { tool_name: string; params: Record<string, unknown> };
type StoredResult = ExecuteToolCallResponse & { at: string };

/** Why an e-mail cannot be sent when SMTP is not configured (composed). */
export const smtpNotConfigured = "E-mail sending is not configured on this server (SMTP_URL).";

/**
 * Execute of an e-mail tool call (spec 1 §4, §7): sends exactly the e-mail the turn proposed
 * (the client's params must match it: a changed e-mail goes through Modify), over SMTP, and
 * records the result on the turn. A turn already sent answers its recorded result again.
 */
export async function executeToolCall(
  deps: { db: Db; mailer?: Mailer; log: Logger },
  actor: Actor,
  input: ExecuteToolCallInput,
): Promise<ExecuteToolCallResponse> {
  const { db } = deps;
  const chat = await repo.findChat(db, input.chat_id);
  if (!chat || chat.ownerId !== actor.id) throw notFound("Chat not found.");
  const turns = await repo.listTurns(db, chat.id);
  const proposing = turns.filter((t) => (t.metadata.tool_call as StoredCall | undefined)?.tool_name);
  const params = input.tool_call_config.params ?? {};
  const matches = (t: (typeof turns)[number]) =>
    isDeepStrictEqual((t.metadata.tool_call as StoredCall).params, params);
  // The turn at tool_call_index; a client whose count drifted (a question refused before it was
  // stored) names the latest turn that proposed exactly these params.
  const atIndex = proposing.find((t) => t.ord === input.tool_call_index);
  const turn =
    (atIndex && matches(atIndex) ? atIndex : proposing.filter(matches).at(-1)) ?? atIndex ?? proposing.at(-1);
  const call = turn?.metadata.tool_call as StoredCall | undefined;
  if (!turn || !call || call.tool_name !== input.tool_call_config.tool_name)
    throw notFound("Tool call not found.");
  if (call.tool_name !== EMAIL_TOOL) throw validation("This tool call cannot be executed.");
  if (!isDeepStrictEqual(call.params, input.tool_call_config.params ?? {}))
    throw validation("This is not the e-mail that was proposed. Use Modify to change it.");
  const done = turn.metadata.tool_call_result as StoredResult | undefined;
  if (done?.success) return { success: true, message: done.message };

  const email = zEmailParams.safeParse(call.params);
  let result: ExecuteToolCallResponse;
  if (!email.success) {
    result = {
      success: false,
      message: chatMessages.sendEmailFailedWith({ serverMessage: email.error.issues[0]?.message }),
    };
  } else if (!deps.mailer) {
    result = {
      success: false,
      message: chatMessages.sendEmailFailedWith({ serverMessage: smtpNotConfigured }),
    };
  } else {
    try {
      await deps.mailer.send({ to: email.data.to, subject: email.data.subject, text: email.data.body });
      result = { success: true, message: chatMessages.emailSent };
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, "e-mail tool call failed");
      result = {
        success: false,
        message: chatMessages.sendEmailFailedWith({ serverMessage: (err as Error).message }),
      };
    }
  }
  const recorded: StoredResult = { ...result, at: new Date().toISOString() };
  await db
    .update(chatTurn)
    .set({ metadata: sql`${chatTurn.metadata} || ${JSON.stringify({ tool_call_result: recorded })}::jsonb` })
    .where(sql`${chatTurn.id} = ${turn.id}`);
  return result;
}

/** The body is an Execute call (execute_tool_call true). */
export function isExecuteBody(raw: unknown): boolean {
  return (
    typeof raw === "object" &&
    raw !== null &&
    (raw as { execute_tool_call?: unknown }).execute_tool_call === true
  );
}
