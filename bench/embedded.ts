// The embedded default as a new user meets it (issue 16 goal 4, decision record 025): `npm start`
// on an empty embedded database. How long until the app answers, how many processes stay behind
// npm, and how much memory the server holds at rest.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

export type EmbeddedStartFigure = {
  /** From `npm start` to the first 200 from /api/health, on an empty data folder. */
  readySeconds: number;
  /** Node processes left under npm once the app answers (the server and any launcher). */
  nodeProcesses: number;
  /** The server process's resident memory, highest while starting and at rest afterwards. */
  peakRssMb: number;
  restRssMb: number;
  error?: string;
};

export const EMBEDDED_BUDGET = { readySeconds: 20, nodeProcesses: 1, restRssMb: 250 };

type Proc = { pid: number; ppid: number; rssKb: number; command: string };

function processes(): Proc[] {
  return execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [pid = "", ppid = "", rss = "", ...command] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), command: command.join(" ") };
    });
}

function descendants(root: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  const visit = (pid: number) => {
    for (const child of all.filter((p) => p.ppid === pid)) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return found;
}

/** The resident memory of the process serving the app: the node process under npm with the most. */
function serverRssKb(root: number): number {
  const nodes = descendants(root).filter((p) => /(^|\/)node\b/.test(p.command));
  let best = 0;
  for (const p of nodes) {
    try {
      const status = readFileSync(`/proc/${p.pid}/status`, "utf8");
      best = Math.max(best, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? p.rssKb));
    } catch {
      best = Math.max(best, p.rssKb);
    }
  }
  return best;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `npm start` on an empty embedded database (the build is already there). The memory "at rest" is
 * read after the demo pages and their API calls have been requested once and 10 s of quiet.
 */
export async function measureEmbeddedStart(port: number, cwd = process.cwd()): Promise<EmbeddedStartFigure> {
  const dataDir = resolve(`.tmp/bench-embedded-start-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn("npm", ["start", "--silent"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    detached: true,
    cwd,
  });
  const root = child.pid ?? 0;
  const started = performance.now();
  let peakKb = 0;
  try {
    let ready = false;
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error("not ready after 180 s");
      peakKb = Math.max(peakKb, serverRssKb(root));
      ready = await fetch(`${url}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (!ready) await sleep(250);
    }
    const readySeconds = (performance.now() - started) / 1000;
    const nodeProcesses = descendants(root).filter((p) => /(^|\/)node\b/.test(p.command)).length;
    for (const path of ["/book", "/events", "/api/session", "/api/events", "/api/booking/context"]) {
      await fetch(url + path).catch(() => null);
      peakKb = Math.max(peakKb, serverRssKb(root));
    }
    await sleep(10_000);
    const restKb = serverRssKb(root);
    peakKb = Math.max(peakKb, restKb);
    return {
      readySeconds: Math.round(readySeconds * 10) / 10,
      nodeProcesses,
      peakRssMb: Math.round(peakKb / 1024),
      restRssMb: Math.round(restKb / 1024),
    };
  } catch (err) {
    return {
      readySeconds: Number.NaN,
      nodeProcesses: 0,
      peakRssMb: Math.round(peakKb / 1024),
      restRssMb: Number.NaN,
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    // The whole group npm started (npm, its shell if any, the server): ours alone.
    try {
      process.kill(-root, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((done) => {
      if (child.exitCode !== null) done(null);
      else child.once("exit", done);
      setTimeout(done, 15_000).unref();
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Check = { figure: string; value: string; budget: string; pass: boolean; info?: boolean };

export function embeddedChecks(figure: EmbeddedStartFigure): Check[] {
  const failed = figure.error ? `FAILED (${figure.error})` : null;
  return [
    {
      figure: "npm start, empty embedded database: ready (first 200 from /api/health)",
      value: failed ?? `${figure.readySeconds} s`,
      budget: `≤ ${EMBEDDED_BUDGET.readySeconds} s`,
      pass: !failed && figure.readySeconds <= EMBEDDED_BUDGET.readySeconds,
    },
    {
      figure: "npm start: node processes besides npm",
      value: failed ?? String(figure.nodeProcesses),
      budget: `= ${EMBEDDED_BUDGET.nodeProcesses}`,
      pass: !failed && figure.nodeProcesses === EMBEDDED_BUDGET.nodeProcesses,
    },
    {
      figure: "embedded server RSS at rest (after first start and a first visit)",
      value: failed ?? `${figure.restRssMb} MB (peak while starting ${figure.peakRssMb} MB)`,
      budget: `≤ ${EMBEDDED_BUDGET.restRssMb} MB`,
      pass: !failed && figure.restRssMb <= EMBEDDED_BUDGET.restRssMb,
    },
  ];
}
