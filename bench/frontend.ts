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

export type LighthouseFigure = { path: string; performance: number; accessibility: number; runs: number };

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

/** Lighthouse's default (mobile) configuration; the median of `runs` runs for each score. */
export async function measureLighthouse(
  baseUrl: string,
  path: string,
  options: { runs: number; cookie?: string; port: number },
): Promise<LighthouseFigure> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${options.port}`],
  });
  try {
    const performance: number[] = [];
    const accessibility: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const result = await lighthouse(
        baseUrl + path,
        {
          port: options.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          ...(options.cookie ? { extraHeaders: { cookie: options.cookie } } : {}),
        },
        undefined,
      );
      const categories = result?.lhr.categories;
      if (!categories?.performance || !categories.accessibility)
        throw new Error(`Lighthouse gave no scores for ${path}`);
      if (result?.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      performance.push(Math.round((categories.performance.score ?? 0) * 100));
      accessibility.push(Math.round((categories.accessibility.score ?? 0) * 100));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return {
      path,
      performance: median(performance),
      accessibility: median(accessibility),
      runs: options.runs,
    };
  } finally {
    await browser.close();
  }
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
