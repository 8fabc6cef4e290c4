import { type ChildProcess, spawn } from "node:child_process";
import { serverEntry } from "./server-entries";

// The server as an operator starts it (the bundled src/server/main.ts, server-entries.ts) in a
// process of its own, for tests of what a start does to a database.

export type ServerProcess = {
  output: string;
  /** The port it listens on, or null when it exited first. */
  port: number | null;
  exitCode: number | null;
  child: ChildProcess;
};

/** Starts the server; resolves once it logs "listening" or exits. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverEntry("main")], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TZ: "UTC",
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
      PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server neither listened nor exited within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ output, port: (JSON.parse(line) as { port: number }).port, exitCode: null, child });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ output, port: null, exitCode: code, child });
    });
  });
}

/** Stops it as systemd does (SIGTERM) and waits for it to exit. */
export async function stopServerProcess(started: ServerProcess): Promise<void> {
  if (started.exitCode !== null || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.on("exit", resolve));
  started.child.kill("SIGTERM");
  await exited;
}
