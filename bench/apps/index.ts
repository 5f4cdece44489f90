/**
 * Connected apps benchmark (issue 14): a 1,000-note Obsidian-style vault synced through the real
 * server (`mnemo serve`, embedded PGlite or PostgreSQL, in-process worker) with the Local folder
 * connector, end to end — connected, synced, every note indexed; then one note changed and synced
 * again (exactly one re-indexed); then app search latency over the synced vault.
 *
 * Then a 10,000-message mailbox on a real IMAP server (Debian's dovecot, IMAPS, Maildir) is
 * connected with the Mail connector and searched in App search (the mailbox's own search, live).
 *
 * Then (issue 15) Gmail: a 5,000-message mailbox on the local Gmail v1 peer, connected through the
 * OAuth round trip (the real OAuth 2 server library on Google's paths); the first sync is timed from
 * the connection until every message is saved as a memory; the resident memory of the server and
 * its sandbox processes together is sampled every 200 ms meanwhile (the peak is reported).
 *
 *   npm run bench -- apps [notes=1000] [searches=100] [mailbox=10000] [mail_searches=30] [gmail=5000] [postgres=postgres://…]
 *
 * Ends with `notes_per_s=… cpu_ms_per_note=… resync_reindexed=… app_search_p95_ms=… mailbox_search_p95_ms=…
 * gmail_sync_msgs_per_s=… gmail_sync_peak_rss_mb=…` (mailbox=0 skips the mailbox; dovecot needs
 * root; gmail=0 skips Gmail). `--smoke`: 20 notes, 5 searches, a 50-message mailbox (skipped, and
 * said so, without dovecot or root), 50 Gmail messages.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { processTreeCpuMs } from "../../apps/server/src/test/proc.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import { profileVaultSync } from "./profile.ts";
import { rfc822, startDovecot, type ImapServer } from "../../apps/server/src/test/fixtures/imap/dovecot.ts";
import { startOAuthProvider, type OAuthProvider } from "../../apps/server/src/test/oauth-provider.ts";
import { startGooglePeer, type GooglePeer } from "../../apps/server/src/test/fixtures/google/peer.ts";

/** Resident memory of a process and its descendants (the sandbox processes), in MB; NaN off Linux. */
function treeRssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const rss =
      Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
    return rss + children.reduce((sum, c) => sum + (treeRssMb(c) || 0), 0);
  } catch {
    return NaN;
  }
}
const WORDS = (
  "tide moon anemone limpet kelp harbour sourdough starter flour crumb telescope mirror orbit comet " +
  "garden compost seedling trellis ledger invoice quarterly forecast recipe ferment rye barley"
).split(" ");

function note(i: number, random: () => number): string {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const body = Array.from({ length: 12 }, () => Array.from({ length: 14 }, pick).join(" ") + ".").join(" ");
  return `---\ntitle: Note ${i}\ntags: [${pick()}, ${pick()}]\n---\n# Note ${i}\n\nSee [[Note ${(i + 1) % 1000}]]. ${body}\n`;
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
  const notes = Number(opts.notes ?? (smoke ? 20 : 1000));
  const searches = Number(opts.searches ?? (smoke ? 5 : 100));
  // dovecot runs only as root (it drops to its own users); a smoke run says so and goes without.
  const noDovecot = !fs.existsSync("/usr/sbin/dovecot")
    ? "no /usr/sbin/dovecot (Debian's dovecot-imapd)"
    : process.getuid?.() !== 0
      ? "dovecot needs root"
      : "";
  if (smoke && noDovecot && opts.mailbox === undefined)
    console.log(`mailbox skipped: ${noDovecot}; mailbox_search_p95_ms stays n/a`);
  const mailbox = Number(opts.mailbox ?? (smoke ? (noDovecot ? 0 : 50) : 10_000));
  const mailSearches = Number(opts.mail_searches ?? (smoke ? 3 : 30));
  const gmail = Number(opts.gmail ?? (smoke ? 50 : 5000));
  const random = rng(7);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-apps-"));
  const vault = path.join(root, "vault");
  for (let i = 0; i < notes; i++) {
    const dir = path.join(vault, `folder-${i % 20}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `note-${i}.md`), note(i, random));
  }
  const dataDir = path.join(root, "data");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    APPS_FOLDER_ROOTS: root,
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
    LOG_LEVEL: "warn",
  };
  if (opts.postgres) env.DATABASE_URL = opts.postgres;
  let imap: ImapServer | undefined;
  const mailPassword = "bench-mail-secret";
  if (mailbox > 0) {
    imap = await startDovecot({ bench: mailPassword });
    const t0 = performance.now();
    const letters: string[] = [];
    for (let i = 0; i < mailbox; i++) {
      const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
      const text = Array.from({ length: 6 }, () => Array.from({ length: 12 }, pick).join(" ") + ".").join(
        " ",
      );
      const subject = `${pick()} ${pick()} update ${i}`;
      letters.push(
        rfc822({
          from: "Team <team@bench.example>",
          to: "bench@bench.example",
          subject,
          text,
          date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        }),
      );
    }
    imap.writeMaildir("bench", letters);
    console.log(`mailbox: ${mailbox} messages written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    Object.assign(env, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: imap.caPath });
  }
  let google: { provider: OAuthProvider; peer: GooglePeer } | undefined;
  if (gmail > 0) {
    const provider = await startOAuthProvider({ authorize: "/o/oauth2/v2/auth", token: "/token" });
    const peer = await startGooglePeer("bench@gmail.example");
    peer.validTokens = provider.validTokens;
    peer.generateMailbox(gmail);
    google = { provider, peer };
    Object.assign(env, {
      GOOGLE_CLIENT_ID: "bench.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "bench-secret",
      GOOGLE_OAUTH_URL: provider.url,
      GOOGLE_TOKEN_URL: `${provider.url}/token`,
      GOOGLE_API_URL: peer.url,
    });
  }
  const server = await spawnServer(env);
  let summary: string | undefined;
  try {
    const call = async (method: string, p: string, body?: unknown, token = "") => {
      const res = await fetch(server.url + p, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token } = (await call("POST", "/api/auth/sign-up", {
      name: "Bench",
      email: "bench-apps@example.com",
      password: "correct-horse-battery",
    })) as { token: string };
    type Account = { id: string; sync: { state: string; items_synced: number } };
    const account = async (id: string) =>
      (
        (await call("GET", "/api/user/get_connected_applications", undefined, token)) as {
          accounts: Account[];
        }
      ).accounts.find((a) => a.id === id)!;
    type Row = { id: string; status: string; content_version?: number };
    const memories = async () => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const r = (await call("GET", `/api/sources?page_size=100&page=${page}`, undefined, token)) as {
          results: { id: string; meta: { status: string } }[];
          has_more: boolean;
        };
        rows.push(...r.results.map((s) => ({ id: s.id, status: s.meta.status })));
        if (!r.has_more) return rows;
      }
    };
    const until = async (what: string, probe: () => Promise<boolean>, timeoutMs = 600_000) => {
      const end = Date.now() + timeoutMs;
      while (!(await probe())) {
        if (Date.now() > end) throw new Error(`timed out: ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    const cpuBefore = processTreeCpuMs(server.child.pid!);
    const started = performance.now();
    const { account: created } = (await call(
      "POST",
      "/api/t/store_integrated_id",
      { app_name: "folder", credentials: { path: vault } },
      token,
    )) as { account: Account };
    let synced = 0;
    await until("first sync", async () => {
      const a = await account(created.id);
      if (a.sync.state === "idle" && a.sync.items_synced === synced && synced >= notes) return true;
      if (a.sync.state === "idle" && a.sync.items_synced > synced) {
        synced = a.sync.items_synced;
        // A sync saves at most 2,000 notes; a larger vault needs the next.
        if (synced < notes)
          await call("POST", `/api/apps/sync_now?connection_id=${created.id}`, undefined, token);
      }
      return false;
    });
    await until("every note indexed", async () => {
      const rows = await memories();
      return rows.length >= notes && rows.every((r) => r.status !== "in_progress");
    });
    const seconds = (performance.now() - started) / 1000;
    const notesPerS = notes / seconds;
    // The server's CPU (and its sandbox processes') for the whole sync, per note.
    const cpuPerNote = (processTreeCpuMs(server.child.pid!) - cpuBefore) / notes;
    console.log(
      `first sync: ${notes} notes indexed in ${seconds.toFixed(1)} s = ${notesPerS.toFixed(1)} notes/s, ${cpuPerNote.toFixed(1)} ms of server CPU per note`,
    );

    // One note changed: exactly one memory is re-read and re-indexed.
    const before = (await account(created.id)).sync.items_synced;
    fs.appendFileSync(path.join(vault, "folder-3", "note-3.md"), "\nAn added line about comets.\n");
    await call("POST", `/api/apps/sync_now?connection_id=${created.id}`, undefined, token);
    await until(
      "second sync",
      async () => {
        const a = await account(created.id);
        return a.sync.state === "idle" && a.sync.items_synced > before;
      },
      120_000,
    );
    const reindexed = (await account(created.id)).sync.items_synced - before;
    console.log(`second sync after one edited note: ${reindexed} re-indexed`);

    // App search over what the vault brought in.
    const times: number[] = [];
    for (let i = 0; i < searches; i++) {
      const q = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`;
      const t0 = performance.now();
      await call(
        "GET",
        `/api/search_v1/get_queried_data?app_name=folder&query=${encodeURIComponent(q)}`,
        undefined,
        token,
      );
      times.push(performance.now() - t0);
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `app search over ${notes} notes: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${searches} queries)`,
    );

    // App search over a large mailbox: the Mail connector asks the IMAP server itself.
    let mailP95 = NaN;
    if (imap) {
      const { account: mailAccount } = (await call(
        "POST",
        "/api/t/store_integrated_id",
        {
          app_name: "mail",
          credentials: {
            email: "bench@bench.example",
            imap_host: imap.host,
            imap_port: String(imap.port),
            username: "bench",
            password: mailPassword,
          },
        },
        token,
      )) as { account: Account };
      const mailTimes: number[] = [];
      for (let i = 0; i < mailSearches; i++) {
        // Every third query is rare (one message); the others match many (20 newest returned).
        const q = i % 3 === 2 ? `update ${(i * 331) % mailbox}` : WORDS[(i * 5) % WORDS.length]!;
        const t0 = performance.now();
        const r = (await call(
          "GET",
          `/api/search_v1/get_queried_data?app_name=mail&query=${encodeURIComponent(q)}`,
          undefined,
          token,
        )) as { results: { most_relevant_results: unknown[]; other_results: unknown[] } };
        mailTimes.push(performance.now() - t0);
        if (i === 0)
          console.log(
            `first mailbox search (dovecot builds its index): ${mailTimes[0]!.toFixed(0)} ms, ${r.results.most_relevant_results.length + r.results.other_results.length} results`,
          );
      }
      const steady = mailTimes.slice(1);
      mailP95 = percentile(steady, 95);
      console.log(
        `app search over a ${mailbox}-message mailbox (live IMAP search, up to 20 messages read and parsed): p50 ${percentile(steady, 50).toFixed(1)} ms, p95 ${mailP95.toFixed(1)} ms (${steady.length} queries after the first)`,
      );
      await call(
        "POST",
        `/api/t/delete_integrated_id?integrated_id=${mailAccount.id}&app_name=mail`,
        undefined,
        token,
      );
    }
    // Gmail: the first sync of a large mailbox from the peer, and the server's peak memory.
    let gmailPerS = NaN;
    let gmailPeak = NaN;
    if (google) {
      const t0 = performance.now();
      const { link } = (await call("GET", "/api/t/get_connection_link?app_name=gmail", undefined, token)) as {
        link: string;
      };
      const back = new URL((await fetch(link, { redirect: "manual" })).headers.get("location")!);
      const { account: gmailAccount } = (await call(
        "POST",
        `/api/auth/oauth_callback?app_name=gmail&auth_code=${back.searchParams.get("code")}&state=${back.searchParams.get("state")}`,
        undefined,
        token,
      )) as { account: Account };
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRssMb(server.child.pid) || 0);
      }, 200);
      await until("first Gmail sync", async () => {
        const a = await account(gmailAccount.id);
        if (a.sync.state === "error") throw new Error("the Gmail sync failed");
        return a.sync.state === "idle" && a.sync.items_synced >= gmail;
      });
      const seconds = (performance.now() - t0) / 1000;
      gmailPerS = gmail / seconds;
      clearInterval(sampler);
      gmailPeak = peak || NaN;
      console.log(
        `Gmail first sync: ${gmail} messages (peer, raw, parsed in the sandbox) saved in ${seconds.toFixed(1)} s = ${gmailPerS.toFixed(1)} messages/s; peak RSS of the server and its sandbox processes ${gmailPeak.toFixed(0)} MB`,
      );
    }
    summary = `db=${opts.postgres ? "postgres" : "pglite"} notes=${notes} notes_per_s=${notesPerS.toFixed(1)} cpu_ms_per_note=${cpuPerNote.toFixed(1)} resync_reindexed=${reindexed} app_search_p50_ms=${p50.toFixed(1)} app_search_p95_ms=${p95.toFixed(1)} mailbox_messages=${imap ? mailbox : 0} mailbox_search_p95_ms=${Number.isNaN(mailP95) ? "n/a" : mailP95.toFixed(1)} gmail_messages=${google ? gmail : 0} gmail_sync_msgs_per_s=${Number.isNaN(gmailPerS) ? "n/a" : gmailPerS.toFixed(1)} gmail_sync_peak_rss_mb=${Number.isNaN(gmailPeak) ? "n/a" : gmailPeak.toFixed(0)}`;
  } finally {
    await server.stop("SIGTERM");
    await imap?.close();
    await google?.peer.close();
    await google?.provider.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  // Where a note's CPU goes: the same kind of vault synced again, profiled, in this process.
  const profiled = Number(opts.profile_notes ?? (smoke ? 20 : Math.min(notes, 300)));
  const per = (stage: RegExp, rows: [string, number][]) =>
    rows
      .filter(([s]) => stage.test(s))
      .reduce((sum, [, ms]) => sum + ms, 0)
      .toFixed(1);
  let stageKeys = "profile_notes=0";
  if (profiled > 0) {
    const { stages } = await profileVaultSync(profiled, (i) => note(i, rng(100 + i)));
    stageKeys =
      `profile_notes=${profiled} parse_ms_per_note=${per(/^parse/, stages)} chunk_ms_per_note=${per(/^chunk/, stages)} ` +
      `analysis_ms_per_note=${per(/^analysis/, stages)} insert_ms_per_note=${per(/^insert/, stages)} ` +
      `index_ms_per_note=${per(/^index/, stages)}`;
  }
  console.log(`${summary ?? ""} ${stageKeys} load=${os.loadavg()[0].toFixed(1)}`);
}
