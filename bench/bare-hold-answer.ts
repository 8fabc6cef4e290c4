// The bare answers (issue 16): no framework, no database. To a hold, it reads and parses the hold
// request and answers the rush's usual answer, a 409 SLOT_TAKEN with a next free time; to a GET,
// an availability answer of the app's size and shape. Served by bench/bare-http-server.ts for the
// machine's floor and the lookup's HTTP half of its floor, and inside the load generator's own
// process to warm its client code before a hold figure (bench/load-worker.ts).
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

/**
 * The bare answer to an availability lookup: the shape and size of the app's answer for the seeded
 * venue's busiest day (24 slots of 90 minutes every half hour from 9:00, about 4.6 KB), serialised
 * per request as the app does, with no database read, no slot generation and no framework.
 */
const bareDay = {
  facilityType: "court",
  date: "2026-12-04",
  duration: 90,
  isMemberPricing: false,
  slots: Array.from({ length: 24 }, (_, i) => {
    const start = 9 * 60 + i * 30;
    const end = start + 90;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const h12 = (m: number) =>
      `${((Math.floor(m / 60) + 11) % 12) + 1}:${String(m % 60).padStart(2, "0")} ${m < 720 ? "AM" : "PM"}`;
    return {
      startTime: hhmm(start),
      endTime: hhmm(end),
      displayTime: `${h12(start)} - ${h12(end)}`,
      availableFacilities: i % 5,
      isAvailable: i % 5 > 0,
      memberPriceCents: 3000,
      nonMemberPriceCents: 4500,
      priceCents: 4500,
    };
  }),
};

export function answerAvailabilityBare(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify(bareDay);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** A bare server as the app's (src/server/main.ts): the same backlog and keep-alive. */
export function bareServer(): Server {
  const server = createServer((req, res) =>
    req.method === "GET" ? answerAvailabilityBare(req, res) : answerHoldBare(req, res),
  );
  server.keepAliveTimeout = 65_000;
  return server;
}
