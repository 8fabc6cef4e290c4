import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// 127.0.0.1, where the dev API listens (HOST), whichever address "localhost" resolves to first.
const api = process.env.API_URL ?? "http://127.0.0.1:3000";

// The React app. In production the Node server serves dist/client; in development Vite proxies the API.
export default defineConfig({
  plugins: [react()],
  // The manifest tells the server which chunks a landing page needs (src/server/http/static-files.ts).
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === "1",
    chunkSizeWarningLimit: 700,
    manifest: true,
    // The booking screen's per-court view (issue 34) needs nothing /book has not loaded already but
    // its own chunk: its list of chunks to preload would be bytes in /book's first load for nothing.
    // No modulepreload polyfill (280 bytes gzip in every page's entry). It acts only where the
    // browser lacks modulepreload (Safari before 17), and only once the entry runs, when the entry's
    // imports have loaded and the router is about to ask for the page's own chunks anyway
    // (src/server/http/first-paint.ts adds the preloads); without it they load through their imports.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        filename.includes("CourtGrid") ? deps.filter((d) => d.includes("CourtGrid")) : deps,
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/dev": api, "/test-checkout": api, "/storage": api },
  },
});
