// The bare answer to a hold (issue 16): no framework, no database. It reads and parses the hold
// request and answers the rush's usual answer, a 409 SLOT_TAKEN with a next free time. Served by
// bench/bare-http-server.ts for the machine's floor, and inside the load generator's own process
// to warm its client code before a hold figure (bench/load-worker.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export function answerHoldBare(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const hold = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      items: Array<{ facilityType: string; date: string; startTime: string }>;
    };
    const item = hold.items[0];
    const body = JSON.stringify({
      error: {
        code: "SLOT_TAKEN",
        message: `This time was just booked by someone else (${item?.date} ${item?.startTime}).`,
        details: {
          facilityType: item?.facilityType,
          date: item?.date,
          startTime: item?.startTime,
          nextFreeStartTime: "21:00",
          nextFreeDisplayTime: "9:00 PM",
        },
      },
    });
    res.writeHead(409, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}

/** A bare server as the app's (src/server/main.ts): the same backlog and keep-alive. */
export function bareServer(): Server {
  const server = createServer(answerHoldBare);
  server.keepAliveTimeout = 65_000;
  return server;
}
