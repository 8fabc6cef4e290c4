import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.API_URL ?? "http://localhost:3000";

// The React app. In production the Node server serves dist/client; in development Vite proxies the API.
export default defineConfig({
  plugins: [react()],
  // The manifest tells the server which chunks a landing page needs (src/server/http/static-files.ts).
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/dev": api, "/test-checkout": api, "/storage": api },
  },
});
