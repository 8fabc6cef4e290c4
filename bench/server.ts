// The production build under test: one `node dist/server/main.js` process per database, started
// and stopped by the bench. The load comes from the bench's own process, over loopback.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";

export type DatabaseTarget = {
  /** "PostgreSQL" or "embedded (PGlite)". */
  label: string;
  kind: "postgres" | "pglite";
  /** DATABASE_URL or DATA_DIR for the server and the seed scripts. */
  env: Record<string, string>;
  /** The connection string for the raw floor on PostgreSQL. */
  url?: string;
  drop(): Promise<void>;
};

/** A fresh database on the PostgreSQL server named by DATABASE_URL (default: the local server). */
export async function createPostgresTarget(serverUrl: string): Promise<DatabaseTarget> {
  const name = `bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return postgresTarget(serverUrl, name, "PostgreSQL", resolve(`.tmp/bench-${name}`));
}

/** The target for database `name` on the server of `serverUrl`; `drop` removes it and `dataDir`. */
function postgresTarget(serverUrl: string, name: string, label: string, dataDir: string): DatabaseTarget {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label,
    kind: "postgres",
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the target's database as it is now (no server or script may be connected to it), named
 * by `role`: the growth figures compare a grown copy with a twin without the growth, both copied
 * from the seeded database, in alternating windows, so that the machine's drift between two
 * moments is not read as growth.
 */
export async function twinOf(target: DatabaseTarget, role = "twin"): Promise<DatabaseTarget> {
  const dataDir = `${target.env.DATA_DIR}-${role}`;
  rmSync(dataDir, { recursive: true, force: true });
  if (target.kind === "pglite") {
    cpSync(target.env.DATA_DIR ?? "", dataDir, { recursive: true });
    return {
      label: `${target.label}, ${role}`,
      kind: "pglite",
      env: { DATABASE_URL: "", DATA_DIR: dataDir },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const source = new URL(target.url ?? "");
  const name = `${source.pathname.slice(1)}_${role}`;
  const admin = new URL(source);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    // A server just stopped may still be leaving: CREATE DATABASE … TEMPLATE needs it gone.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${source.pathname.slice(1)}"`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await client.end();
  }
  return postgresTarget(admin.toString(), name, `${target.label}, ${role}`, dataDir);
}

/** A fresh embedded database folder. */
export function createPgliteTarget(): DatabaseTarget {
  const dataDir = resolve(`.tmp/bench-pglite-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  return {
    label: "embedded (PGlite)",
    kind: "pglite",
    env: { DATABASE_URL: "", DATA_DIR: dataDir },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a bench script (tsx) as its own process and returns the JSON line it prints last; on `node`
 * when given (the raw floor runs on the servers' runtime, so that the API's ratio to it compares
 * like with like).
 */
export async function runScript<T>(
  script: string,
  env: Record<string, string>,
  node = process.execPath,
): Promise<T> {
  const child = spawn(node, ["--import", "tsx", script], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((done) => child.on("exit", done));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  const last = out.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as T;
}

/** The Node.js that runs the servers under test, and why that one. */
export type ServerRuntime = { node: string; version: string; note: string };

let runtime: ServerRuntime | null = null;

/**
 * The servers under test run on Node 24 LTS, what production runs (docs/deployment.md), from the
 * npm registry's `node` package as CI takes it (.ci/run). The bench itself and its load generator
 * stay on the Node that started it. BENCH_SERVER_NODE names another binary (`node` for the current
 * one); when Node 24 cannot be fetched, the current Node serves and the table says so.
 */
export function serverRuntime(): ServerRuntime {
  if (runtime) return runtime;
  const version = (node: string) => execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const chosen = process.env.BENCH_SERVER_NODE;
  if (chosen) {
    const node = chosen === "node" ? process.execPath : chosen;
    runtime = { node, version: version(node), note: "BENCH_SERVER_NODE" };
    return runtime;
  }
  try {
    const node = execFileSync("npx", ["-y", "-p", "node@24", "--", "sh", "-c", "command -v node"], {
      encoding: "utf8",
      timeout: 120_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    runtime = { node, version: version(node), note: "production's runtime, Node 24 LTS" };
  } catch {
    runtime = {
      node: process.execPath,
      version: process.version,
      note: "Node 24 could not be fetched (npx -p node@24): the bench's own Node, not production's",
    };
  }
  return runtime;
}

export type RunningServer = { url: string; pid?: number; stop(): Promise<void> };

/**
 * The CPU time (user + system, seconds) a process has used so far, from /proc (Linux): on a shared
 * machine, CPU per request compares two servers where requests/s measured minutes apart may not.
 */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are the 14th and 15th fields of the line (12th and 13th after the name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the PostgreSQL backends serving `database` (their titles name it), by pid. */
export function backendCpu(database: string): Map<number, number> {
  const lines = execFileSync("ps", ["-e", "-o", "pid=,args="], { encoding: "utf8" }).split("\n");
  const found = new Map<number, number>();
  for (const line of lines) {
    const [pid = "", ...args] = line.trim().split(/\s+/);
    if (args.join(" ").includes(` postgres ${database} `)) found.set(Number(pid), cpuSecondsOf(Number(pid)));
  }
  return found;
}
/** CPU seconds of this process's children that have ended (the load worker once it exits). */
export function endedChildrenCpu(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
/**
 * Starts the production server on a free port and waits for /api/health; `entry` names another
 * build of it (bench/request-cost.ts compares a build kept from before a change with the new one).
 */
export async function startServer(
  target: DatabaseTarget,
  port: number,
  env: Record<string, string> = {},
  node = serverRuntime().node,
  entry = "dist/server/main.js",
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS: node flags for the server under test, e.g. "--cpu-prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(node, [...nodeArgs, entry], {
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      // The built-in test checkout stands in for Stripe (DECISIONS.md); no email leaves the machine.
      TEST_CHECKOUT: "true",
      STRIPE_SECRET_KEY: "",
      SMTP_HOST: "",
      SEED_ON_EMPTY: "false",
      // The bench measures the production build on the demo venue (it signs in as the demo admin).
      ALLOW_DEMO_DATA: "true",
      // Production's level (deploy/venue.env.example): every request writes its access line, as a
      // venue's server does, so that cost is in the figures. The lines go to a pipe this process
      // reads (as journald reads a unit's); only errors are shown. BENCH_SERVER_LOG_LEVEL=error
      // leaves the access lines out, to see what they cost.
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL || "info",
      // The bench plays hundreds of people from one machine: each sends its own X-Forwarded-For
      // (load.ts), which the server believes only behind a proxy, so the limits against hoarding
      // (DECISIONS.md) see distinct visitors instead of one address holding 200 courts.
      TRUST_PROXY: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  showErrorLines(child);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error("the server exited during start");
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server did not become healthy within 60 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await done;
    },
  };
}

/** Reads the server's log lines as they come and prints those at pino's error level or above. */
function showErrorLines(child: ChildProcess) {
  let partial = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      // pino writes the level first: {"level":50,… is an error, 60 fatal.
      const json = line.startsWith('{"level":');
      if (!json || line[9] === "5" || line[9] === "6") process.stderr.write(`${line}\n`);
    }
  });
}

/**
 * Starts bench/bare-http-server.ts (the machine's floor for the hold figures) on `port`, or another
 * floor server (bench/served-floor.ts) with its own environment.
 */
export async function startBareServer(
  port: number,
  script = "bench/bare-http-server.ts",
  env: Record<string, string> = {},
): Promise<RunningServer> {
  // On the servers' runtime, so that the ratio of the two compares the app with the bare server.
  const child = spawn(serverRuntime().node, ["--import", "tsx", script], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
    child.stdout?.once("data", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const done = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await done;
    },
  };
}
