import { fileMessages } from "@mnemo/contracts";

/**
 * A pick larger than today's uploads left is refused whole, before anything is queued, naming the
 * plan's daily cap (issue 41: 10 files were queued and 3 turned red). `left`: uploads left today
 * minus files already on their way; `limit` null = unlimited. Returns the refusal, or null.
 */
export function refuseOverDailyUploads(
  picked: number,
  quota: { left: number | null; limit: number | null; plan: string },
): string | null {
  if (quota.left === null || quota.limit === null || picked <= Math.max(0, quota.left)) return null;
  const left = Math.max(0, quota.left);
  if (left === 0 && quota.plan.toLowerCase() === "free")
    return fileMessages.dailyUploadLimit({ n: quota.limit });
  return fileMessages.batchOverUploadLimit({ picked, left, limit: quota.limit, plan: quota.plan });
}
