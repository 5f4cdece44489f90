import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const mainTs = path.join(repoRoot, "apps/server/src/app/main.ts");

/**
 * How `npm run serve` starts the server (package.json): Node's own TypeScript support (no tsx
 * loader in memory), a small young generation, and PGlite's WebAssembly compiled by the baseline
 * compiler only (no optimizing-compiler peaks of several hundred MB) — measured in
 * docs/decisions.md. Tests start it the same way.
 */
export const serverNodeArgs = [
  "--experimental-transform-types",
  "--disable-warning=ExperimentalWarning",
  "--max-semi-space-size=1",
  "--liftoff-only",
  `--import=${pathToFileURL(path.join(repoRoot, "apps/server/src/preload.mjs")).href}`,
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A JSON request to a spawned server, signed with `token` when there is one. */
export function callServer(server: ServerProcess, method: string, p: string, body?: unknown, token = "") {
  return fetch(server.url + p, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Starts the real `mnemo serve` in a child process (Node running this test, tsx loader).
 * Resolves when it listens, or when it exits first (e.g. refused a locked data dir).
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: {
    command?: string;
    args?: string[];
    nodeArgs?: string[];
    /** The line that says it is up ("Mnemo is running", or the worker's "Mnemo worker is running"). */
    readyText?: string;
  } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(
    process.execPath,
    [...serverNodeArgs, ...(opts.nodeArgs ?? []), mainTs, opts.command ?? "serve", ...(opts.args ?? [])],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (out.includes(opts.readyText ?? "Mnemo is running")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      resolve();
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
