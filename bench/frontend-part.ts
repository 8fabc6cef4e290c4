// The front end, measured once per run: what a first visit downloads (page weight: bytes, which no
// other load on the machine changes, so the bench takes it beside npm start's sustained load,
// bench/run.ts) and Lighthouse's scores on the first cached server (a quiet machine), and with
// `--info` the admin's page signed in (bench/frontend.ts).
import {
  type LighthouseFigure,
  measureLighthouse,
  measurePageWeight,
  type PageWeight,
  signInCookie,
} from "./frontend";
import { freePort, log, part } from "./harness";
import type { SharedFigures } from "./results";
import { INFO, LIGHTHOUSE_RUNS } from "./settings";

let lighthouseTaken = false;
/** Whether Lighthouse has run (once a run, on the first database's cached server). */
export const lighthouseDone = () => lighthouseTaken;

/** /book's and /events' first-visit scripts and styles, into `shared.frontend.weights`. */
export async function pageWeightPart(url: string, shared: SharedFigures) {
  log("front end: page weight of /book and /events");
  const weights: PageWeight[] = [];
  for (const path of ["/book", "/events"]) {
    const w = await part(shared.frontendFailures, `page weight ${path}`, () => measurePageWeight(url, path));
    if (w) weights.push(w);
  }
  shared.frontend = { weights, lighthouse: shared.frontend?.lighthouse ?? [] };
}

/** Lighthouse (and the page weight, when it was not taken beside the load). */
export async function frontendPart(url: string, shared: SharedFigures) {
  lighthouseTaken = true;
  const failures = shared.frontendFailures;
  if (!shared.frontend || shared.frontend.weights.length === 0) await pageWeightPart(url, shared);
  log(`front end: Lighthouse × ${LIGHTHOUSE_RUNS} on /book and /events${INFO ? " and /admin" : ""}`);
  const lighthouse: LighthouseFigure[] = [];
  const port = await freePort();
  for (const path of ["/book", "/events"]) {
    const l = await part(failures, `Lighthouse ${path}`, () =>
      measureLighthouse(url, path, { runs: LIGHTHOUSE_RUNS, port }),
    );
    if (l) lighthouse.push(l);
  }
  // /admin has no budget (a staff page on staff's machines): for information, `--info`.
  const cookie = !INFO
    ? undefined
    : await part(failures, "sign in (admin)", () =>
        signInCookie(url, "admin@backspin-social.example", "demo-admin-2026"),
      );
  if (cookie) {
    const l = await part(failures, "Lighthouse /admin", () =>
      measureLighthouse(url, "/admin", { runs: LIGHTHOUSE_RUNS, port, cookie }),
    );
    if (l) lighthouse.push(l);
  }
  shared.frontend = { weights: shared.frontend?.weights ?? [], lighthouse };
}
