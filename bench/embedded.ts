// The embedded default as a new user meets it (issue 16 goal 4, decision records 025 and 036): `npm
// start` on an empty embedded database. How long until the app answers, how many processes stay
// behind npm, how much memory the server holds after BENCH_NEWCOMER_SECONDS of mixed load (reads,
// holds, payments; bench/newcomer.ts) and at rest after it, and its requests/s against production
// mode's on the same data.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { log, stage, stages } from "./harness";
import type { MixedFigure } from "./mixed-load";
import {
  COMPARE_SECONDS,
  measuredReads,
  NEWCOMER_BUDGET,
  newcomerWindow,
  productionOnSameData,
  READS_SECONDS,
  type ReadsFigure,
  SUSTAINED_SECONDS,
  sustainNewcomerLoad,
} from "./newcomer";
import { NEWCOMER_SECONDS } from "./settings";

export type EmbeddedStartFigure = {
  /** From `npm start` to the first 200 from /api/health, on an empty data folder. */
  readySeconds: number;
  /** Node processes left under npm once the app answers (the server and any launcher). */
  nodeProcesses: number;
  /** The server process's resident memory: highest seen, right after the sustained load, at rest 10 s later. */
  peakRssMb: number;
  loadedRssMb: number;
  restRssMb: number;
  /** Seconds of mixed load before `loadedRssMb`, and the requests it made. */
  loadSeconds: number;
  loadRequests: number;
  /** Seconds of that load run beside the bench's seeding (work that measures nothing; bench/run.ts). */
  besideSeconds?: number;
  /** The same window of the same load: npm start's server, then production mode on its data. */
  newcomer?: MixedFigure;
  production?: MixedFigure;
  /** Availability reads alone, the same window on each. */
  newcomerReads?: ReadsFigure;
  productionReads?: ReadsFigure;
  error?: string;
};

export const EMBEDDED_BUDGET = { readySeconds: 20, nodeProcesses: 1, ...NEWCOMER_BUDGET };

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

/** The process serving the app: the node process under npm with the most resident memory. */
function serverPid(root: number): number | undefined {
  const nodes = descendants(root).filter((p) => /(^|\/)node\b/.test(p.command));
  return nodes.sort((a, b) => b.rssKb - a.rssKb)[0]?.pid;
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
 * `npm start` on an empty embedded database (the build is already there), as a newcomer runs it: its
 * defaults (development mode, pretty request lines to a terminal, here /dev/null), except TRUST_PROXY
 * so each bench player has its own address, as in the production figures. The memory is read right
 * after the sustained mixed load and after 10 s of quiet; then production mode serves the same data.
 *
 * `beside` (the bench's seeding, which measures nothing) runs during the sustained load after the
 * compared window, and the figures that follow wait for both: the ready time, the compared windows
 * and the reads are taken on a quiet machine. Without it the load runs alone.
 */
export async function measureEmbeddedStart(
  port: number,
  cwd = process.cwd(),
  beside?: () => Promise<void>,
): Promise<EmbeddedStartFigure> {
  let besideRun: Promise<void> | null = null;
  const runBeside = () => {
    besideRun ??= beside ? beside() : Promise.resolve();
    return besideRun;
  };
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
      TRUST_PROXY: "true",
      SMTP_HOST: "",
      STRIPE_SECRET_KEY: "",
    },
    stdio: "ignore",
    detached: true,
    cwd,
  });
  const root = child.pid ?? 0;
  const started = performance.now();
  let peakKb = 0;
  let quietStart: number | null = started;
  const endQuietStart = () => {
    if (quietStart === null) return;
    stages.push({
      name: "npm start: ready, warm-up and the compared window",
      seconds: Math.round((performance.now() - quietStart) / 100) / 10,
    });
    quietStart = null;
  };
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
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, serverRssKb(root));
    }, 2000);
    let loadedKb = 0;
    let restKb = 0;
    let load: { measured: MixedFigure; requests: number; sustained: number };
    try {
      const window = await newcomerWindow(url, serverPid(root));
      endQuietStart();
      if (beside) log(`embedded default: npm start's load goes on ${SUSTAINED_SECONDS} s beside the seeding`);
      const [sustained] = await stage(
        `npm start: the rest of its ${NEWCOMER_SECONDS} s of load and 10 s at rest (beside: the preparation)`,
        () =>
          Promise.all([
            sustainNewcomerLoad(url).then(async (requests) => {
              loadedKb = serverRssKb(root);
              await sleep(10_000);
              restKb = serverRssKb(root);
              return requests;
            }),
            runBeside(),
          ]),
      );
      load = { ...window, sustained };
    } finally {
      clearInterval(sampler);
    }
    peakKb = Math.max(peakKb, loadedKb, restKb);
    // After the memory is read: a storm of reads is not the mixed load the budget is about.
    const { reads, production } = await stage(
      "npm start's reads, then production mode's start, load and reads",
      async () => {
        const reads = await measuredReads(url, "npm start, reads", serverPid(root));
        await stopGroup(root, child);
        return { reads, production: await productionOnSameData(dataDir) };
      },
    );
    return {
      readySeconds: Math.round(readySeconds * 10) / 10,
      nodeProcesses,
      peakRssMb: Math.round(peakKb / 1024),
      loadedRssMb: Math.round(loadedKb / 1024),
      restRssMb: Math.round(restKb / 1024),
      loadSeconds: NEWCOMER_SECONDS,
      loadRequests: load.requests + load.sustained,
      besideSeconds: beside ? SUSTAINED_SECONDS : 0,
      newcomer: load.measured,
      production: production.measured,
      newcomerReads: reads,
      productionReads: production.reads,
    };
  } catch (err) {
    endQuietStart();
    return {
      readySeconds: Number.NaN,
      nodeProcesses: 0,
      peakRssMb: Math.round(peakKb / 1024),
      loadedRssMb: Number.NaN,
      restRssMb: Number.NaN,
      loadSeconds: NEWCOMER_SECONDS,
      loadRequests: 0,
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    await stopGroup(root, child);
    rmSync(dataDir, { recursive: true, force: true });
    // The seeding runs even when npm start failed before its sustained load.
    await runBeside();
  }
}

/** Stops the whole group npm started (npm, its shell if any, the server): ours alone. */
async function stopGroup(root: number, child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-root, "SIGTERM");
  } catch {
    // already gone
  }
  await new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done(null);
    else child.once("exit", done);
    setTimeout(done, 15_000).unref();
  });
}

type Check = { figure: string; value: string; budget: string; pass: boolean; info?: boolean; state?: string };

export function embeddedChecks(figure: EmbeddedStartFigure): Check[] {
  const failed = figure.error ? `FAILED (${figure.error})` : null;
  return [
    {
      figure: "npm start, empty embedded database: ready (first 200 from /api/health)",
      value: failed ?? `${figure.readySeconds} s`,
      budget: `≤ ${EMBEDDED_BUDGET.readySeconds} s`,
      pass: !failed && figure.readySeconds <= EMBEDDED_BUDGET.readySeconds,
      state: "first after start",
    },
    {
      figure: "npm start: node processes besides npm",
      value: failed ?? String(figure.nodeProcesses),
      budget: `= ${EMBEDDED_BUDGET.nodeProcesses}`,
      pass: !failed && figure.nodeProcesses === EMBEDDED_BUDGET.nodeProcesses,
    },
    {
      figure: `npm start: server RSS after ${figure.loadSeconds} s of mixed load (reads, holds, payments)`,
      value:
        failed ??
        `${figure.loadedRssMb} MB (${figure.loadRequests} requests; 10 s later ${figure.restRssMb} MB; highest ${figure.peakRssMb} MB)`,
      budget: `≤ ${EMBEDDED_BUDGET.loadedRssMb} MB`,
      pass: !failed && figure.loadedRssMb <= EMBEDDED_BUDGET.loadedRssMb,
      state: `after ${figure.loadSeconds} s of load${figure.besideSeconds ? ` (${figure.besideSeconds} s of it beside the seeding)` : ""}`,
    },
    throughputCheck(figure, failed),
    readsCheck(figure, failed),
  ];
}

/** The same for availability reads alone (the figure issue 35 found 3-7x apart). */
function readsCheck(figure: EmbeddedStartFigure, failed: string | null): Check {
  const { newcomerReads: dev, productionReads: prod } = figure;
  const ratio = dev && prod && dev.rps > 0 ? prod.rps / dev.rps : Number.NaN;
  const errors = (dev?.non2xx ?? 0) + (dev?.errors ?? 0) + (prod?.non2xx ?? 0) + (prod?.errors ?? 0);
  return {
    figure: `npm start vs production mode, availability reads, 16 connections, ${READS_SECONDS} s each`,
    value:
      failed ??
      `${dev?.rps} vs ${prod?.rps} requests/s: production ${Math.round(ratio * 100) / 100}x (p99 ${dev?.p99} vs ${prod?.p99} ms; server CPU ${dev?.cpuMsPerRequest} vs ${prod?.cpuMsPerRequest} ms a request${errors ? `; ${errors} not 200` : ""})`,
    budget: `production ≤ ${EMBEDDED_BUDGET.productionRatio}x npm start`,
    pass: !failed && ratio <= EMBEDDED_BUDGET.productionRatio && errors === 0,
    state: "warm (both after their mixed load)",
  };
}

/** Production mode's requests/s over npm start's, same data, same mixed load, same window. */
function throughputCheck(figure: EmbeddedStartFigure, failed: string | null): Check {
  const { newcomer, production } = figure;
  const ratio = newcomer && production && newcomer.rps > 0 ? production.rps / newcomer.rps : Number.NaN;
  const errors = (newcomer?.serverErrors ?? 0) + (production?.serverErrors ?? 0);
  return {
    figure: `npm start vs production mode, mixed load, ${COMPARE_SECONDS} s each on the same data`,
    value:
      failed ??
      `${newcomer?.rps} vs ${production?.rps} requests/s: production ${Math.round(ratio * 100) / 100}x (p99 ${newcomer?.p99} vs ${production?.p99} ms; server CPU ${newcomer?.cpuMsPerRequest} vs ${production?.cpuMsPerRequest} ms a request${errors ? `; ${errors} 5xx` : ""})`,
    budget: `production ≤ ${EMBEDDED_BUDGET.productionRatio}x npm start, no 5xx`,
    pass: !failed && ratio <= EMBEDDED_BUDGET.productionRatio && errors === 0,
    state: "warm (5 s of the load first)",
  };
}
