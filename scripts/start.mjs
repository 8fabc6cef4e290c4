// npm start: builds when there is no build or it is older than the sources, then serves the app
// (API and web app on one port). The server itself seeds the demo data on an empty embedded
// database outside production (SEED_ON_EMPTY's default); never on DATABASE_URL or in production.
// The server runs in this process (decision record 025): npm and one node process, not a
// launcher waiting on a second node process.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
// Without source maps: parsing dist/server/main.js.map costs the idle server ~40 MB, and the bundle
// is not minified, so stack traces stay readable. NODE_OPTIONS=--enable-source-maps turns them on.
await import("../dist/server/main.js");
