/** TEST AND BENCH ONLY: memory of a process tree from /proc (Linux). */
import fs from "node:fs";

/** A `/proc/<pid>/status` figure in MB (VmRSS now, VmHWM the peak so far); 0 once it has gone. */
export function procStatusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** RSS of a process and all its descendants (the sandboxed extraction processes), in MB. */
export function processTreeRssMb(root: number): number {
  return processTreeRss(root).total;
}

/** RSS of a process (`root`) and of each of its descendants (`pids`), in MB, and their sum. */
export function processTreeRss(root: number): {
  total: number;
  root: number;
  children: number[];
  pids: number[];
} {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces or parentheses: the ppid is the 2nd field after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while listing
    }
  }
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  const rootMb = procStatusMb(root, "VmRSS");
  const pids = [...tree].filter((pid) => pid !== root);
  const children = pids.map((pid) => procStatusMb(pid, "VmRSS"));
  return { total: rootMb + children.reduce((a, b) => a + b, 0), root: rootMb, children, pids };
}

/** CPU time (user + system) a process has used so far, in ms; 0 once it has gone. */
export function procCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock
    // ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) a process tree has used so far: the root, its live descendants,
 * and the children it has waited for after they ended (the root's cutime and cstime).
 */
export function processTreeCpuMs(root: number): number {
  let waited: number;
  try {
    const stat = fs.readFileSync(`/proc/${root}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    waited = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
  const { pids } = processTreeRss(root);
  return procCpuMs(root) + waited + pids.reduce((sum, pid) => sum + procCpuMs(pid), 0);
}
