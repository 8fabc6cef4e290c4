import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * initdb for a new embedded data folder, in a process of its own. PGlite runs initdb in a second
 * WebAssembly instance whose memory (some 600 MB) the server's process would otherwise keep for
 * the rest of its life; in a short-lived process it is returned to the system when initdb ends.
 */
export async function createPgliteCluster(location: string): Promise<void> {
  // Resolved with require.resolve: Vitest's module runner (the integration tests) has no
  // import.meta.resolve. That finds the package's CommonJS entry, whose exports Node may hand over
  // as named or only as the default.
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script =
    "const m = await import(process.argv[1]); const PGlite = m.PGlite ?? m.default.PGlite;" +
    "const db = await PGlite.create(process.argv[2]); await db.close();";
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, entry, location], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${location} failed: ${stderr.trim()}`);
}
