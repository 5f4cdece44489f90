import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, sql } from "drizzle-orm";
import { importFormats, type ImportFormat } from "@mnemo/contracts";
import { user } from "../../platform/db/schema/index.ts";
import type { PlatformContext } from "../../platform/context.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { exportZip } from "./export-service.ts";
import { getRun, runImport, startImport } from "./import-service.ts";

export type CommandOutput = { log(line: string): void; error(line: string): void };
type Deps = Pick<PlatformContext, "database" | "blobs" | "config" | "queue" | "log" | "mailer" | "publicUrl">;

async function actorOf(deps: Deps, email: string) {
  const [u] = await deps.database.db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return u ? { ...u, isDesktopApp: false } : undefined;
}

const flag = (args: string[], name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=", 2)[1];

/**
 * `mnemo import <email> <file> [--format=…] [--dry-run]`: an operator imports a file for a user,
 * in this process (the same run as the settings screen: preview, duplicates, errors per item).
 * The memories' fetching and indexing is queued for the worker. Returns the exit code.
 */
export async function runImportCommand(
  deps: Deps,
  args: string[],
  out: CommandOutput = console,
): Promise<number> {
  const [email, file] = args.filter((a) => !a.startsWith("--"));
  const format = (flag(args, "format") ?? "auto") as ImportFormat | "auto";
  if (!email || !file || (format !== "auto" && !importFormats.includes(format))) {
    out.error(`Usage: mnemo import <email> <file> [--format=${importFormats.join("|")}] [--dry-run]`);
    return 1;
  }
  const actor = await actorOf(deps, email);
  if (!actor) {
    out.error(`No user has the e-mail address ${email}.`);
    return 1;
  }
  if (!fs.existsSync(file)) {
    out.error(`No such file: ${file}`);
    return 1;
  }
  const dryRun = args.includes("--dry-run");
  let run;
  try {
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    run = await startImport(deps, actor, { fileName: path.basename(file), format, dryRun }, body);
  } catch (err) {
    if (err instanceof AppError) {
      out.error(err.message);
      return 1;
    }
    throw err;
  }
  await runImport(deps, run.id);
  const done = await getRun(deps, actor, run.id);
  if (done.status === "failed") {
    out.error(done.message ?? "The import failed.");
    return 1;
  }
  const p = done.planned;
  out.log(
    `${done.file_name} (${done.format}): ${done.total} items` +
      (p
        ? ` (${p.links} links, ${p.notes} notes, ${p.files} files, ${p.collections} collections, ${p.chats} chats)`
        : ""),
  );
  if (dryRun) out.log(`Dry run: ${done.duplicates} already saved; nothing was imported.`);
  else out.log(`Created ${done.created}, skipped ${done.duplicates} duplicates, ${done.failed} failed.`);
  for (const e of done.errors.slice(0, 20)) out.log(`  ${e.item}: ${e.message}`);
  return 0;
}

/** `mnemo export <email> <out.zip> [--collection=<id>]`: writes a user's export to a file. */
export async function runExportCommand(
  deps: Deps,
  args: string[],
  out: CommandOutput = console,
): Promise<number> {
  const [email, file] = args.filter((a) => !a.startsWith("--"));
  if (!email || !file) {
    out.error("Usage: mnemo export <email> <out.zip> [--collection=<id>]");
    return 1;
  }
  const actor = await actorOf(deps, email);
  if (!actor) {
    out.error(`No user has the e-mail address ${email}.`);
    return 1;
  }
  const { stream } = await exportZip(deps, actor, { collectionId: flag(args, "collection") });
  await pipeline(
    Readable.fromWeb(stream as import("node:stream/web").ReadableStream),
    fs.createWriteStream(file),
  );
  out.log(`Wrote ${file} (${fs.statSync(file).size} bytes).`);
  return 0;
}
