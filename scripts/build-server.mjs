// Bundles the server (src/server/main.ts and the CLIs) into dist/server; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "src/server/main.ts",
    seed: "src/server/cli/seed.ts",
    migrate: "src/server/cli/migrate.ts",
    "manager-password": "src/server/cli/manager-password.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server built: dist/server");
