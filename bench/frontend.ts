// The front end as a phone gets it: the JavaScript and CSS a first visit to a page downloads
// (measured in Debian's Chromium through Playwright), and Lighthouse's mobile scores.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";

export type PageWeight = {
  path: string;
  jsBytes: number;
  jsGzipBytes: number;
  cssBytes: number;
  cssGzipBytes: number;
  files: string[];
  /** Files or code for staff screens that reached this public page. */
  adminCode: string[];
};

export type LighthouseFigure = {
  path: string;
  /** Medians; null when Lighthouse could not score the page (see `error`). */
  performance: number | null;
  accessibility: number | null;
  runs: number;
  /** Every run's scores, and Lighthouse's measure of this machine's speed (benchmarkIndex). */
  performanceRuns: number[];
  benchmarkIndex: number[];
  /**
   * Every run's metrics, the ones the performance score is made of (ms; CLS unitless), so a
   * score short of its budget says which part cost the points (first paint or blocking time).
   */
  metricRuns: LighthouseMetrics[];
  /** Runs that failed and were retried (Chromium 156 sometimes records no navigation: NO_NAVSTART). */
  failedAttempts: string[];
  error?: string;
};

export type LighthouseMetrics = { fcp: number; lcp: number; tbt: number; si: number; cls: number };

export type FrontendFigures = { weights: PageWeight[]; lighthouse: LighthouseFigure[] };

// Issue 16 goal 3 (decision record 025).
export const FRONTEND_BUDGET = {
  jsGzipBytes: 150 * 1024,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

type Check = { figure: string; value: string; budget: string; pass: boolean; info?: boolean };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What a first visit (empty cache) downloads: scripts and style sheets, raw and gzip (level 9). */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    const bodies: Array<Promise<{ url: string; type: string; body: Buffer } | null>> = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      bodies.push(
        response
          .body()
          .then((body) => ({ url: response.url(), type, body }))
          .catch(() => null),
      );
    });
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    const files = (await Promise.all(bodies)).filter((f) => f !== null);
    const sum = (type: string, gzip: boolean) =>
      files
        .filter((f) => f.type === type)
        .reduce((total, f) => total + (gzip ? gzipSync(f.body, { level: 9 }).length : f.body.length), 0);
    const adminCode = files
      .filter((f) => /admin/i.test(new URL(f.url).pathname) || f.body.includes("/api/admin/"))
      .map((f) => new URL(f.url).pathname);
    return {
      path,
      jsBytes: sum("script", false),
      jsGzipBytes: sum("script", true),
      cssBytes: sum("stylesheet", false),
      cssGzipBytes: sum("stylesheet", true),
      files: files.map((f) => new URL(f.url).pathname),
      adminCode,
    };
  } finally {
    await browser.close();
  }
}

/** Extra attempts per page when a Lighthouse run fails (NO_NAVSTART and the like). */
export const LIGHTHOUSE_EXTRA_ATTEMPTS = 2;

/**
 * Lighthouse's default (mobile) configuration; the median of `runs` successful runs for each score.
 * Chromium is started by Playwright with a remote-debugging port and Lighthouse attaches to it:
 * Lighthouse's own launcher (chrome-launcher) with Debian's Chromium 156 recorded no navigation in
 * the trace (NO_NAVSTART). Even so a run now and then records no navigation ("Something went wrong
 * with recording the trace"): a failed run is retried, up to `LIGHTHOUSE_EXTRA_ATTEMPTS` times per
 * page, and the failures are listed in `failedAttempts`. A page that still does not get its runs is
 * returned with `error` (and the scores of the runs it did get), never thrown, so the other figures
 * of the run are still printed and saved.
 */
export async function measureLighthouse(
  baseUrl: string,
  path: string,
  options: { runs: number; cookie?: string; port: number; extraAttempts?: number },
): Promise<LighthouseFigure> {
  const performance: number[] = [];
  const accessibility: number[] = [];
  const benchmarkIndex: number[] = [];
  const metricRuns: LighthouseMetrics[] = [];
  const failedAttempts: string[] = [];
  const figure = (error?: string): LighthouseFigure => ({
    path,
    performance: performance.length > 0 ? median(performance) : null,
    accessibility: accessibility.length > 0 ? median(accessibility) : null,
    runs: performance.length,
    performanceRuns: performance,
    benchmarkIndex,
    metricRuns,
    failedAttempts,
    ...(error ? { error } : {}),
  });
  const maxAttempts = options.runs + (options.extraAttempts ?? LIGHTHOUSE_EXTRA_ATTEMPTS);
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [`--remote-debugging-port=${options.port}`],
    });
    for (let attempt = 0; attempt < maxAttempts && performance.length < options.runs; attempt++) {
      const failure = await lighthouseRun(baseUrl + path, options).then(
        (scores) => {
          if (typeof scores === "string") return scores;
          performance.push(scores.performance);
          accessibility.push(scores.accessibility);
          benchmarkIndex.push(scores.benchmarkIndex);
          metricRuns.push(scores.metrics);
          return null;
        },
        (err: unknown) => (err instanceof Error ? (err.message.split("\n")[0] ?? "") : String(err)),
      );
      if (failure !== null) failedAttempts.push(failure);
    }
    if (performance.length < options.runs) {
      return figure(
        `${performance.length} of ${options.runs} runs in ${maxAttempts} attempts; last: ${failedAttempts.at(-1) ?? "?"}`,
      );
    }
    return figure();
  } catch (err) {
    return figure(err instanceof Error ? err.message.split("\n")[0] : String(err));
  } finally {
    await browser?.close().catch(() => {});
  }
}

/** One Lighthouse run: its scores, or why it gave none. */
async function lighthouseRun(
  url: string,
  options: { cookie?: string; port: number },
): Promise<
  { performance: number; accessibility: number; benchmarkIndex: number; metrics: LighthouseMetrics } | string
> {
  const result = await lighthouse(
    url,
    {
      port: options.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(options.cookie ? { extraHeaders: { cookie: options.cookie } } : {}),
    },
    undefined,
  );
  if (result?.lhr.runtimeError) return `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
  const categories = result?.lhr.categories;
  const audit = (id: string) => result?.lhr.audits[id]?.numericValue ?? Number.NaN;
  if (categories?.performance?.score == null || categories.accessibility?.score == null)
    return "Lighthouse gave no scores";
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    benchmarkIndex: Math.round(result?.lhr.environment.benchmarkIndex ?? 0),
    metrics: {
      fcp: Math.round(audit("first-contentful-paint")),
      lcp: Math.round(audit("largest-contentful-paint")),
      tbt: Math.round(audit("total-blocking-time")),
      si: Math.round(audit("speed-index")),
      cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    },
  };
}

/** The middle value (the upper one of an even count). */
/** The middle value; of an even count, the mean of the middle two (of two windows, their mean). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? 0;
  return sorted.length === 0 ? 0 : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Page weight of /book and /events, and Lighthouse on them (and /admin, signed in, for the record). */
export async function measureFrontend(
  baseUrl: string,
  options: { runs: number; port: number; adminCookie: string },
): Promise<FrontendFigures> {
  const weights = [await measurePageWeight(baseUrl, "/book"), await measurePageWeight(baseUrl, "/events")];
  const lighthouse: LighthouseFigure[] = [];
  for (const path of ["/book", "/events"]) {
    lighthouse.push(await measureLighthouse(baseUrl, path, { runs: options.runs, port: options.port }));
  }
  lighthouse.push(
    await measureLighthouse(baseUrl, "/admin", {
      runs: options.runs,
      port: options.port,
      cookie: options.adminCookie,
    }),
  );
  return { weights, lighthouse };
}

/** The front end's budget rows: a page Lighthouse could not score is a FAIL with the reason. */
export function frontendChecks(frontend: FrontendFigures): Check[] {
  const checks: Check[] = [];
  for (const weight of frontend.weights) {
    checks.push(
      {
        figure: `${weight.path}: first-load JavaScript (gzip)`,
        value: `${(weight.jsGzipBytes / 1024).toFixed(1)} KB`,
        budget: `≤ ${FRONTEND_BUDGET.jsGzipBytes / 1024} KB`,
        pass: weight.jsGzipBytes <= FRONTEND_BUDGET.jsGzipBytes,
      },
      {
        figure: `${weight.path}: admin code sent to the public page`,
        value: weight.adminCode.length === 0 ? "none" : weight.adminCode.join(", "),
        budget: "none",
        pass: weight.adminCode.length === 0,
      },
    );
  }
  for (const score of frontend.lighthouse.filter((l) => l.path !== "/admin")) {
    const failed = score.error ? `FAILED (${score.error})` : null;
    checks.push(
      {
        figure: `${score.path}: Lighthouse performance (mobile, median of ${score.runs})`,
        value:
          failed ??
          `${score.performance} (runs ${score.performanceRuns.join(", ")}; machine index ${score.benchmarkIndex.join(", ")}${score.failedAttempts.length > 0 ? `; ${score.failedAttempts.length} failed attempt(s) retried` : ""})`,
        budget: `≥ ${FRONTEND_BUDGET.lighthousePerformance}`,
        pass: !failed && (score.performance ?? 0) >= FRONTEND_BUDGET.lighthousePerformance,
      },
      {
        figure: `${score.path}: Lighthouse accessibility (mobile, median of ${score.runs})`,
        value: failed ?? String(score.accessibility),
        budget: `≥ ${FRONTEND_BUDGET.lighthouseAccessibility}`,
        pass: !failed && (score.accessibility ?? 0) >= FRONTEND_BUDGET.lighthouseAccessibility,
      },
    );
  }
  return checks;
}

/** The front end's section of the printed report. */
export function frontendReport(frontend: FrontendFigures, table: (rows: string[][]) => string): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const rows = [["page", "JS", "JS gzip", "JS files", "CSS", "CSS gzip"]];
  for (const w of frontend.weights) {
    const scripts = w.files.filter((f) => f.endsWith(".js")).length;
    rows.push([
      w.path,
      kb(w.jsBytes),
      kb(w.jsGzipBytes),
      String(scripts),
      kb(w.cssBytes),
      kb(w.cssGzipBytes),
    ]);
  }
  const scores = [["page", "Lighthouse performance", "accessibility", "runs (median)", "note"]];
  for (const l of frontend.lighthouse) {
    scores.push([
      l.path,
      l.error || l.performance === null ? "FAILED" : String(l.performance),
      l.error || l.accessibility === null ? "FAILED" : String(l.accessibility),
      String(l.runs),
      [
        l.error ?? `machine index ${l.benchmarkIndex.join(", ")}`,
        ...(l.metricRuns.length > 0 ? [metricsSummary(l.metricRuns)] : []),
        ...(l.failedAttempts.length > 0
          ? [`${l.failedAttempts.length} attempt(s) failed: ${failedSummary(l.failedAttempts)}`]
          : []),
      ].join("; "),
    ]);
  }
  return ["", "== front end (first visit, empty cache)", table(rows), "", table(scores)];
}

/** "median FCP 1574, LCP 1574, TBT 273, SI 1805 ms, CLS 0": the metrics the score is made of. */
function metricsSummary(runs: LighthouseMetrics[]): string {
  const of = (key: keyof LighthouseMetrics) => median(runs.map((r) => r[key]));
  return `median FCP ${of("fcp")}, LCP ${of("lcp")}, TBT ${of("tbt")}, SI ${of("si")} ms, CLS ${of("cls")}`;
}

/** "NO_NAVSTART × 2, …": the distinct reasons of the failed attempts, each with its count. */
function failedSummary(failures: string[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) {
    const reason = (f.split(":")[0] ?? f).slice(0, 60);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, n]) => (n > 1 ? `${reason} × ${n}` : reason)).join(", ");
}

/** Signs in through the API as a browser would and returns the Cookie header for the session. */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
