import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { endpoints, recordingMessages } from "@mnemo/contracts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { transcribeDeps, transcribeLimitBytes, type TranscribeContext } from "./deps.ts";
import { fetchAudioMemory, transcribeFile } from "./service.ts";
import { readTranscribeUpload } from "./upload.ts";
import { transcriptionQuota } from "../../core/plans/transcription-quota.ts";

/** What transcribeRoutes uses of the application context (bootstrap.ts builds it once). */
export type TranscribeRouteDeps = RequireAuthDeps & TranscribeContext;

/** Spec 2 §7 Transcribe: POST /api/transcribe (multipart `audio`), and whether it is configured. */
export function transcribeRoutes(ctx: TranscribeRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = transcribeDeps(ctx);

  defineRoute(r, endpoints.transcribe.status, auth, (c) =>
    c.json({
      configured: Boolean(ctx.transcription),
      reason: ctx.transcription ? null : recordingMessages.notConfigured,
      limit_mb: Math.round(transcribeLimitBytes(ctx.config) / 1024 / 1024),
    }),
  );

  defineRoute(r, endpoints.transcribe.transcribe, auth, async (c) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mnemo-transcribe-"));
    try {
      const upload = await readTranscribeUpload(c.req.raw, dir, deps.limitBytes);
      const file = upload.file ?? (await fetchAudioMemory(deps, c.var.actor, upload.sourceId!, dir));
      const result = await transcribeFile(deps, file, dir, {
        sourceId: upload.file ? null : upload.sourceId,
        signal: c.req.raw.signal,
        quota: await transcriptionQuota(ctx.database.db, c.var.actor),
      });
      return c.json(result);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
  return r;
}
