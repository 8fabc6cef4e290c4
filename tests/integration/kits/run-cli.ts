import { spawn } from "node:child_process";
import { projectRoot } from "../../../src/server/lib/paths";
import { serverEntry } from "./server-entries";

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs one of src/server/cli/*.ts in its own process, as an operator would (bundled as the release
 * runs it, venue-cli: server-entries.ts), with `stdin` piped in and the given settings as its environment.
 */
export function runCli(
  name: string,
  args: string[],
  options: { env: Record<string, string | undefined>; stdin?: string },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry(`cli/${name}`), ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, TZ: "UTC", LOG_LEVEL: "warn", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}

/** The settings that point a CLI at a test's database. */
export function cliEnv(location: { url: string | null; dataDir: string }) {
  return {
    NODE_ENV: "test",
    DATA_DIR: location.dataDir,
    DATABASE_URL: location.url ?? undefined,
    AUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
  };
}
