// npm start: builds when there is no build or it is older than the sources, then serves the app
// (API and web app on one port). The server itself seeds the demo data on an empty embedded
// database outside production (SEED_ON_EMPTY's default); never on DATABASE_URL or in production.
// The server runs in this process (decision record 025): npm and one node process, not a
// launcher waiting on a second node process.
//
// V8 settings (package.json's start script; decision record 025, its update). They can only be given
// on node's command line (not by this script, which runs inside the process they configure), so
// they are there. The embedded database runs in this process, and at rest after a first start two
// of V8's defaults held about 90 MB of the server's ~300 MB:
// --max-semi-space-size=2  the young generation grows to 2 × 16 MB under the demo seed's allocation
//                          and stays that size while idle; capped at 2 × 2 MB.
// --v8-pool-size=1         V8's background threads (GC helpers, the optimising compiler for JS and
//                          for PostgreSQL's WebAssembly) each keep a malloc arena of freed compiler
//                          memory; four such threads on a 2-core machine buy nothing.
// MALLOC_TRIM_THRESHOLD_=131072  (glibc's allocator; ignored elsewhere) V8 compiles the embedded
//                          database's hot WebAssembly on its background thread, and glibc kept the
//                          compiler's freed memory in that thread's arena: about 45 MB of the
//                          server's 236 MB at rest after a start. A fixed 128 KB trim threshold
//                          returns most of it (206 MB at rest; after five minutes of mixed load
//                          227 MB against 260, issue 35 item 4). glibc reads it when node starts.
// None of these changed the server's CPU time per request measurably (docs/performance.md). Production
// (systemd, `node dist/server/main.js` on PostgreSQL) does not run this script.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
// Without source maps: parsing dist/server/main.js.map costs the idle server ~40 MB, and the bundle
// is not minified, so stack traces stay readable. NODE_OPTIONS=--enable-source-maps turns them on.
await import("../dist/server/main.js");
