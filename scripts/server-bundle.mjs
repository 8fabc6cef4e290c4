// What the server's bundles leave to node_modules: scripts/build-server.mjs (the release) and the
// integration tests' bundle (tests/integration/kits/server-entries.ts) share it.
//
// The ESM libraries of many small files are bundled in (decision record 047). Node resolves each
// file of an external package on its own and, for each, reads the package's nearest package.json
// (date-fns' and drizzle-orm's are about 200 KB each): about 1,300 files and most of a production
// start's CPU time. Bundled with them is what they import that is not a dependency of ours
// (better-auth's kysely, jose, better-call…).
//
// Every other dependency stays external, a new one too: native addons (@node-rs/argon2, sharp), the
// embedded database's WebAssembly and data files (PGlite, found beside its own code), and the
// CommonJS packages (pg, pino, prom-client, qrcode, stripe, twilio…), a few files each.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const BUNDLED_PACKAGES = [
  "@date-fns/tz",
  "@hono/node-server",
  "@hono/zod-openapi",
  "better-auth",
  "date-fns",
  "drizzle-orm",
  "hono",
  "zod",
];

/** esbuild's `external`: every dependency in the project's package.json but the bundled ones, with its subpaths. */
export function externalPackages(projectRoot = ".") {
  const { dependencies } = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8"));
  return Object.keys(dependencies)
    .filter((name) => !BUNDLED_PACKAGES.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}
