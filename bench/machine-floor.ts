// The machine's floor: the rush's and the contention's request shapes against a bare node:http
// server that does no booking work (bench/bare-http-server.ts). What two cores can do at all; the
// app's rush and contention figures are printed as ratios to it.
import { addDaysToDate } from "../src/domain/venue-time";
import { freePort, load, log, part } from "./harness";
import type { FloorFigure } from "./load";
import type { SharedFigures } from "./results";
import { startBareServer } from "./server";
import { CONTENTION_CLIENTS, RUSH_CLIENTS } from "./settings";

export async function measureMachineFloor(shared: SharedFigures) {
  log(`machine floor: the rush's and the contention's shapes against a bare node:http server`);
  const server = await startBareServer(await freePort());
  try {
    const date = addDaysToDate(new Date().toISOString().slice(0, 10), 10);
    const floor: NonNullable<SharedFigures["machineFloor"]> = {};
    shared.machineFloor = floor;
    // A warm-up, as the app's server has had the figures before the rush.
    await load<FloorFigure>({ kind: "floor", url: server.url, clients: 200, requestsPerClient: 1, date });
    floor.contention = await part(shared.floorFailures, "machine floor (contention shape)", () =>
      load<FloorFigure>({
        kind: "floor",
        url: server.url,
        clients: CONTENTION_CLIENTS,
        requestsPerClient: 1,
        date,
      }),
    );
    floor.rush = await part(shared.floorFailures, "machine floor (rush shape)", () =>
      load<FloorFigure>({
        kind: "floor",
        url: server.url,
        clients: RUSH_CLIENTS,
        requestsPerClient: 3,
        date,
      }),
    );
  } finally {
    await server.stop();
  }
}
