import { announcementTypes, zCreateAnnouncementInput, type CreateAnnouncementInput } from "@mnemo/contracts";
import type { CommandOutput } from "../../core/plans/cli.ts";

export const announceUsage = `Usage: mnemo announce <alert|other> <message…> [--required-version <v>]
       mnemo announce --withdraw <uid>`;

/** What the command does, once its arguments are read: publish or withdraw. */
export type AnnounceAction =
  { kind: "create"; input: CreateAnnouncementInput } | { kind: "withdraw"; uid: string };

/** Reads `mnemo announce` arguments; a string is the usage error to print. */
export function parseAnnounceArgs(args: string[]): AnnounceAction | string {
  if (args[0] === "--withdraw")
    return args.length === 2 && args[1] ? { kind: "withdraw", uid: args[1] } : announceUsage;
  const rest = [...args];
  let requiredVersion: string | undefined;
  const v = rest.indexOf("--required-version");
  if (v >= 0) {
    requiredVersion = rest[v + 1];
    if (!requiredVersion) return announceUsage;
    rest.splice(v, 2);
  }
  const [type, ...words] = rest;
  if (!(announcementTypes as readonly string[]).includes(type ?? "")) return announceUsage;
  const parsed = zCreateAnnouncementInput.safeParse({ type, message: words.join(" "), requiredVersion });
  return parsed.success ? { kind: "create", input: parsed.data } : announceUsage;
}

/** Where the command sends its action: straight to the database, or to a running server. */
export type AnnounceTarget = {
  create(input: CreateAnnouncementInput): Promise<{ uid: string }>;
  withdraw(uid: string): Promise<void>;
};

/** `mnemo announce`: returns the exit code (0 done, 1 bad arguments or refused). */
export async function runAnnounceCommand(
  args: string[],
  target: AnnounceTarget,
  out: CommandOutput = console,
): Promise<number> {
  const action = parseAnnounceArgs(args);
  if (typeof action === "string") {
    out.error(action);
    return 1;
  }
  try {
    if (action.kind === "withdraw") {
      await target.withdraw(action.uid);
      out.log(`Announcement ${action.uid} withdrawn.`);
    } else {
      const { uid } = await target.create(action.input);
      out.log(`Announcement published: ${uid}`);
    }
    return 0;
  } catch (err) {
    out.error((err as Error).message);
    return 1;
  }
}

/** A running server as the target (the embedded server owns its database while it runs). */
export function serverTarget(baseUrl: string, operatorKey: string, header: string): AnnounceTarget {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { [header]: operatorKey, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // keep the body as it is
      }
      throw new Error(`The server refused (HTTP ${res.status}): ${message}`);
    }
    return JSON.parse(text) as unknown;
  };
  return {
    create: async (input) => (await call("POST", "/api/admin/announcements", input)) as { uid: string },
    withdraw: async (uid) =>
      void (await call("DELETE", `/api/admin/announcements/${encodeURIComponent(uid)}`)),
  };
}
