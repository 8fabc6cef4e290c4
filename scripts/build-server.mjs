// Bundles the server into dist/server (main.js) and the operator commands into dist/server/cli,
// so a release pruned to production dependencies runs them with plain `node`, without tsx.
// Most npm packages stay external (they are in node_modules); the ESM libraries of many small
// files are bundled in, which makes the start faster (scripts/server-bundle.mjs, decision 047).
import { build } from "esbuild";
import { externalPackages } from "./server-bundle.mjs";

const CLIS = ["migrate", "seed", "create-admin", "manager-password", "backup", "restore"];

await build({
  entryPoints: {
    main: "src/server/main.ts",
    ...Object.fromEntries(CLIS.map((name) => [`cli/${name}`, `src/server/cli/${name}.ts`])),
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: externalPackages(),
  // The map without the sources' text (the stack traces need only the mappings; the sources are in
  // the release): --enable-source-maps parses it at the start, 2.4 MB instead of 7.8 (decision 047).
  sourcemap: true,
  sourcesContent: false,
  logLevel: "warning",
});
console.log("server built: dist/server (main.js, cli/)");
