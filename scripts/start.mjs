// npm start: builds when there is no build or it is older than the sources, then serves the app
// (API and web app on one port). The server itself seeds the demo data on an empty embedded
// database outside production (SEED_ON_EMPTY's default); never on DATABASE_URL or in production.
import { spawn } from "node:child_process";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
