// The machine's floor for the hold figures (issue 16): a bare node:http server, no framework, no
// database, that reads and parses each hold request and answers the rush's usual answer, a 409
// SLOT_TAKEN with a next free time. Driven by the same load generator in the same shapes as the
// rush and the 200-on-one-slot figures, it shows what this machine's two cores can do at all
// while the load generator shares them, so the real figures can be read against it.
import { createServer } from "node:http";

const server = createServer((req, res) => {
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
});
// As the app's server (src/server/main.ts): the same backlog and keep-alive.
server.keepAliveTimeout = 65_000;
server.listen({ port: Number(process.env.PORT), host: "127.0.0.1", backlog: 4096 }, () => {
  console.log("listening");
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
