// npm run dev: the API (tsx watch, port 3000) and the Vite dev server (port 5173, proxying /api).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    // The demo data seeds itself only into the embedded database (SEED_ON_EMPTY's default).
    env: { PUBLIC_URL: "http://localhost:5173", ...process.env },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
