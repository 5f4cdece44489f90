/**
 * Main-thread tasks from a Chromium trace: wall time (`dur`) and the renderer thread's own CPU
 * time (`tdur`). On a loaded machine a task's wall time includes the time the thread waited for
 * a core; its CPU time does not, so both are reported.
 */
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

export const traceCategories = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"];

export type TaskFigures = {
  tasks: number;
  longestWallMs: number;
  longestCpuMs: number;
  overWall50: number;
  overCpu50: number;
  cpuMs: number;
};

export function mainThreadTasks(trace: Buffer): TaskFigures {
  const parsed = JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { dur: number; tdur: number }[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || e.name !== "RunTask" || !mains.has(key)) continue;
    byThread.set(key, [
      ...(byThread.get(key) ?? []),
      { dur: (e.dur ?? 0) / 1000, tdur: (e.tdur ?? 0) / 1000 },
    ]);
  }
  // The page's renderer is the busiest renderer main thread.
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {
    tasks: tasks.length,
    longestWallMs: Math.max(0, ...tasks.map((t) => t.dur)),
    longestCpuMs: Math.max(0, ...tasks.map((t) => t.tdur)),
    overWall50: tasks.filter((t) => t.dur > 50).length,
    overCpu50: tasks.filter((t) => t.tdur > 50).length,
    cpuMs: sum(tasks),
  };
}

function sum(ts: { tdur: number }[]): number {
  return ts.reduce((s, t) => s + t.tdur, 0);
}
