import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { clientDistDir } from "../paths";
import type { AppEnv } from "./context";

// The production build of the React app: hashed assets cached for a year, every other path
// gets index.html so client-side routes work on reload.
export function staticClient(distDir = clientDistDir) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (or `npm start`, which builds first).", 503),
    );
    return app;
  }
  const indexHtml = readFileSync(indexPath, "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root: distDir,
      // scripts/compress-assets.mjs writes .br and .gz beside each text asset at build time.
      precompressed: true,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: distDir, index: "__no_index__", precompressed: true }));
  app.get("*", (c) => {
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}
