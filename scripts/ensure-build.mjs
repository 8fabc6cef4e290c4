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
  // How the build is made: a change to what the server bundle takes in (decision 047) rebuilds too.
  "scripts/build-server.mjs",
  "scripts/server-bundle.mjs",
  "scripts/build-embedded-template.mjs",
  "scripts/compress-assets.mjs",
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

/**
 * Runs `npm run build` when needed; exits the process when the build fails. The build's own output
 * (Vite's table of every asset, ~150 lines) is shown only when it fails: a newcomer's first
 * `npm start` should end with the address to open, not scroll it away.
 */
export function ensureBuild() {
  const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  const sourcesAt = Math.max(...SOURCES.map(newest));
  if (builtAt !== 0 && sourcesAt <= builtAt) return;
  console.log(
    builtAt === 0
      ? "No build yet: building (a minute or two)…"
      : "Sources changed since the last build: rebuilding…",
  );
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], { encoding: "utf8", maxBuffer: 256 * 2 ** 20 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(
      `The build failed${result.error ? ` (${result.error.message})` : ""}: its output is above.`,
    );
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
