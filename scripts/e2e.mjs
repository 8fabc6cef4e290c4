// npm run test:e2e: Playwright against the production build (run `npm run build` first; npm test does).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("dist/server/main.js") || !existsSync("dist/client/index.html")) {
  console.error("No production build found: run `npm run build` first.");
  process.exit(1);
}
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
