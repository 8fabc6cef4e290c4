import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { inject } from "vitest";
import { externalPackages } from "../../../scripts/server-bundle.mjs";
import { projectRoot } from "../../../src/server/lib/paths";

// Tests that start the server or an operator command as its own process (a production start, three
// instances on one database, `manager-password` while the server runs) run it from a bundle of the
// sources made once per run, as the release does (scripts/build-server.mjs), instead of through tsx:
// tsx compiled the whole server again at each of those starts, several seconds of CPU each on a
// 2-core machine. The bundle is of the same sources, made at the start of the run.

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's bundles of the server's entry points (main.js, cli/*.js); see serverEntry(). */
    serverEntriesDir?: string;
  }
}

const ENTRIES = [
  "main",
  ...["migrate", "seed", "create-admin", "manager-password", "backup", "restore", "remove-demo"].map(
    (c) => `cli/${c}`,
  ),
];

/** Bundles the entry points into a folder inside the project (so that node_modules resolve); returns a remover. */
export async function bundleServerEntries(outdir: string): Promise<() => void> {
  await build({
    entryPoints: Object.fromEntries(
      ENTRIES.map((name) => [name, join(projectRoot, "src/server", `${name}.ts`)]),
    ),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: externalPackages(projectRoot),
    logLevel: "warning",
  });
  return () => rmSync(outdir, { recursive: true, force: true });
}

/** The bundled entry to run with `node`: "main" (src/server/main.ts) or "cli/<name>". */
export function serverEntry(name: string): string {
  const dir = inject("serverEntriesDir");
  if (!dir) throw new Error("global-setup provided no server bundle (serverEntriesDir)");
  return join(dir, `${name}.js`);
}
