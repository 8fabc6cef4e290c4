// npm start: builds when there is no build or it is older than the sources, then serves the app
// (API and web app on one port) and seeds the demo data when the database is empty.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = [
  "src",
  "drizzle",
  "public",
  "index.html",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
];
const OUTPUTS = ["dist/client/index.html", "dist/server/main.js"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
const sourcesAt = Math.max(...SOURCES.map(newest));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(
    builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: rebuilding…",
  );
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  stdio: "inherit",
  env: { SEED_ON_EMPTY: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
