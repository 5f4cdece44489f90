import { recordingMessages, transcriptionMinutesPerDay } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { planLabel } from "./limits.ts";
import { dailyCounts, incrementWithinLimit, type Tx } from "./repo.ts";
import { loadPlanState } from "./service.ts";
import { usageDay } from "./usage-day.ts";

/** The daily transcription quota of one request: checked before the audio is sent, counted after. */
export type TranscriptionQuota = {
  /** Refuses (plan_limit, the composed message) when `seconds` more would pass today's minutes. */
  check(seconds: number): Promise<void>;
  /** Counts `seconds` of audio transcribed (after the provider answered). */
  count(seconds: number): Promise<void>;
};

const KIND = "transcription_seconds" as const;

/**
 * The plan's minutes of transcription per day (`transcriptionMinutes` in the plan table), counted
 * in seconds of audio so a short voice question costs seconds, not a minute. Concurrent requests
 * each pass the check before either is counted: at most one request's audio over the limit.
 */
export async function transcriptionQuota(
  db: Tx,
  actor: Pick<Actor, "id" | "isDesktopApp">,
  now = new Date(),
): Promise<TranscriptionQuota> {
  const { plan } = await loadPlanState(db, actor);
  const minutes = transcriptionMinutesPerDay(plan);
  const day = usageDay(now);
  return {
    async check(seconds) {
      if (minutes === null) return;
      const used = (await dailyCounts(db, actor.id, day))[KIND as never] ?? 0;
      if (used + Math.ceil(seconds) > minutes * 60)
        throw new AppError("plan_limit", recordingMessages.dailyLimit({ minutes, plan: planLabel(plan) }), {
          kind: "transcription",
          limit: minutes,
        });
    },
    async count(seconds) {
      const amount = Math.max(1, Math.ceil(seconds));
      await incrementWithinLimit(db, { ownerId: actor.id, day, kind: KIND, amount, limit: null });
    },
  };
}
