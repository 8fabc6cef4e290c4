// npm test: the whole suite .ci/run runs — unit, integration (embedded database, and PostgreSQL too
// when TEST_DATABASE_URL is set), a production build, then the Playwright tests in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`
Chromium was not found at ${chromium}. The browser tests drive Debian's Chromium, never a downloaded one.
Install it with:

  sudo apt-get update && sudo apt-get install -y chromium

(or set CHROMIUM_PATH to another Chromium binary), then run npm test again.
`);
  process.exit(1);
}

const steps = [
  ["unit tests", ["run", "test:unit"], {}],
  ["integration tests (embedded PGlite)", ["run", "test:integration"], { TEST_DATABASE_URL: "" }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(["integration tests (PostgreSQL)", ["run", "test:integration"], {}]);
}
steps.push(
  ["production build", ["run", "build"], {}],
  ["browser tests (Playwright)", ["run", "test:e2e"], {}],
);

for (const [name, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync("npm", args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log("\nAll tests passed.");
