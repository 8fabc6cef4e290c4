// The lookup's floor, served (issue 16): a node:http server that answers the availability GET with
// the lookup's own read (loadSlotContext, the code the API runs, on the server's pool) followed by
// the bare answer of the app's size and shape (bench/bare-hold-answer.ts) — the database work and
// the HTTP answer on one thread, with no framework, no middleware, no slot generation and no
// contract between them. Loaded like the API's hot-date figure, on the same two cores with the
// database and the load generator, it is what the API could do if the app added nothing.
// Run as its own process with PORT, DATABASE_URL or DATA_DIR, and BENCH_DATE; prints "listening".
import { createServer } from "node:http";
import { openDatabase } from "../src/server/db/open-database";
import { loadSlotContext } from "../src/server/kernel/schedule/slot-context";
import { answerAvailabilityBare } from "./bare-hold-answer";

const date = process.env.BENCH_DATE ?? "";
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});

const server = createServer((req, res) => {
  loadSlotContext(database.db, "court", date, new Date()).then(
    () => answerAvailabilityBare(req, res),
    (err: Error) => {
      res.writeHead(500).end(err.message);
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen({ port: Number(process.env.PORT), host: "127.0.0.1", backlog: 4096 }, () => {
  console.log("listening");
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => {
    void database.close().then(() => process.exit(0));
  });
});
