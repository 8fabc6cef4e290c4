// The front end, measured once per run on the first cached server: what a first visit downloads
// and Lighthouse's scores (bench/frontend.ts), the admin's page signed in.
import {
  type LighthouseFigure,
  measureLighthouse,
  measurePageWeight,
  type PageWeight,
  signInCookie,
} from "./frontend";
import { freePort, log, part } from "./harness";
import type { SharedFigures } from "./results";
import { LIGHTHOUSE_RUNS } from "./settings";

export async function frontendPart(url: string, shared: SharedFigures) {
  const failures = shared.frontendFailures;
  log(`front end (page weight, Lighthouse × ${LIGHTHOUSE_RUNS})`);
  const weights: PageWeight[] = [];
  for (const path of ["/book", "/events"]) {
    const w = await part(failures, `page weight ${path}`, () => measurePageWeight(url, path));
    if (w) weights.push(w);
  }
  const lighthouse: LighthouseFigure[] = [];
  const port = await freePort();
  for (const path of ["/book", "/events"]) {
    const l = await part(failures, `Lighthouse ${path}`, () =>
      measureLighthouse(url, path, { runs: LIGHTHOUSE_RUNS, port }),
    );
    if (l) lighthouse.push(l);
  }
  const cookie = await part(failures, "sign in (admin)", () =>
    signInCookie(url, "admin@backspin-social.example", "demo-admin-2026"),
  );
  if (cookie) {
    const l = await part(failures, "Lighthouse /admin", () =>
      measureLighthouse(url, "/admin", { runs: LIGHTHOUSE_RUNS, port, cookie }),
    );
    if (l) lighthouse.push(l);
  }
  shared.frontend = { weights, lighthouse };
}
