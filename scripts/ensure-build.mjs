// Builds the app when there is no production build or it is older than its sources.
// Used by `npm start` and `npm run bench`.
import { spawnSync } from "node:child_process";
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
const OUTPUTS = ["dist/client/index.html", "dist/server/main.js", "dist/embedded/pgdata/PG_VERSION"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Runs `npm run build` when needed; exits the process when the build fails. */
export function ensureBuild() {
  const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  const sourcesAt = Math.max(...SOURCES.map(newest));
  if (builtAt !== 0 && sourcesAt <= builtAt) return;
  console.log(
    builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: rebuilding…",
  );
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
