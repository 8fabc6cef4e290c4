// The app as the Playwright suite sees it: the production build on a fresh embedded database,
// seeded with the demo data, no SMTP (emails are read from /dev/mailbox), the test checkout.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = `.tmp/e2e-data-${port}`;
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    // Every answer of the suite checked against its contract (off for npm start: decision 036).
    CHECK_RESPONSES: "true",
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_HOST: "",
    STRIPE_SECRET_KEY: "",
    SEED_ON_EMPTY: "true",
    LOG_LEVEL: "warn",
    MANAGER_PASSWORD: process.env.MANAGER_PASSWORD ?? "e2e-manager-pass",
    // Every player of the suite is this one machine (127.0.0.1), some with the same demo email:
    // the limits against hoarding stay on, set for a venue whose every visitor shares an address.
    HOLD_LIMIT_ACTIVE_PER_VISITOR: "200",
    HOLD_LIMIT_PER_ADDRESS: "5000",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
