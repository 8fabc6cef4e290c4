// `npx tsx bench/embedded-alone.ts [runs]`: only the embedded-default figures of `npm run bench`
// (bench/embedded.ts: ready time, node processes, RSS at rest), without the load figures.
import { createServer } from "node:net";
import { embeddedChecks, measureEmbeddedStart } from "./embedded";

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

const runs = Number(process.argv[2] ?? "1");
for (let run = 1; run <= runs; run++) {
  const figure = await measureEmbeddedStart(await freePort());
  for (const check of embeddedChecks(figure)) {
    console.log(
      `${check.pass ? "PASS" : "FAIL"}  run ${run}: ${check.figure}: ${check.value} (${check.budget})`,
    );
  }
}
