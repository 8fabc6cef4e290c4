import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { BOOK_HERO, EVENTS_HERO, HERO_ART_SIZE } from "../../contracts/landing-heroes";
import { documentTitle, NOT_FOUND_TITLE, pageName } from "../../contracts/pages";
import type { AppEnv } from "../deps";
import { escapeHtml } from "../lib/escape-html";
import { clientDistDir } from "../lib/paths";
import { loadPublicPlans } from "../settings/membership-plans";
import { loadPublicSettings } from "../settings/venue-settings";
import { toCurrentUser } from "./current-user";
import { paintFirst, type ServedIndex, startTag } from "./first-paint";
import { loadSession } from "./load-session";

// The production build of the React app: hashed assets cached for a year, every other path
// gets index.html so client-side routes work on reload.
export function staticClient(distDir = clientDistDir) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (or `npm start`, which builds first).", 503),
    );
    return app;
  }
  // The first paint is the page's frame, not the app's code (first-paint.ts).
  const index = paintFirst(readFileSync(indexPath, "utf8"));
  app.use(
    "/assets/*",
    serveStatic({
      root: distDir,
      // scripts/compress-assets.mjs writes .br and .gz beside each text asset at build time.
      precompressed: true,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: distDir, index: "__no_index__", precompressed: true }));
  const startFor = startTags(distDir, index);
  // Every page is index.html plus what a phone would otherwise wait a round trip for: the signed-in
  // user (SPEC §2: the session is restored before anything shows), the venue's settings (its name
  // is in the first heading), and the landing page's own chunks, fetched with the app's own once
  // the page's frame is painted (first-paint.ts).
  app.get("*", loadSession, async (c) => {
    const viewer = c.get("user");
    const user = viewer ? toCurrentUser(viewer) : null;
    const { db, config, database } = c.get("deps");
    // The settings come from in-process caches now, so the page would render with the database
    // gone and every call from it fail: one ping keeps the visitor's "Back in a minute" page.
    const [settings, plans] = await Promise.all([
      loadPublicSettings(db, config),
      // /signup's plans (issue 32 item 3), so its prices and button show without another round trip.
      c.req.path === "/signup" ? loadPublicPlans(db) : null,
      database.ping(),
    ]);
    const head =
      `<script type="application/json" id="session-data">${jsonForHtml({ user })}</script>` +
      `<script type="application/json" id="settings-data">${jsonForHtml(settings)}</script>` +
      (plans ? `<script type="application/json" id="plans-data">${jsonForHtml(plans)}</script>` : "");
    c.header("cache-control", "private, no-cache");
    c.header("vary", "cookie, accept-encoding");
    // Issue 34: an address with no page is a 404 (the app shows its "Page not found"), and every
    // page has its own title, before the app's script runs.
    const name = pageName(c.req.path);
    const title = escapeHtml(documentTitle(name ?? NOT_FOUND_TITLE, settings.venueName));
    if (name === null) c.status(404);
    const html = index.html
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace("</head>", `${head}</head>`)
      .replace("<!--shell--><!--/shell-->", landingFrame(c.req.path, settings))
      .replace("</body>", `${startFor(c.req.path)}</body>`);
    // Each page's HTML is made per request (the session, the settings), so it is compressed here,
    // not at build time: a few kilobytes, well under a millisecond (decision record 025).
    const encoding = htmlEncoding(c.req.header("accept-encoding"));
    if (!encoding) return c.html(html);
    c.header("content-encoding", encoding);
    c.header("content-type", "text/html; charset=UTF-8");
    return c.body(
      encoding === "br"
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html, { level: 6 }),
    );
  });
  return app;
}

/**
 * The frame of a landing page as its first paint: the header's logo and name and the page's hero,
 * the same markup, text and place as the app's own (components/VenueHero.tsx), which replaces it.
 */
function landingFrame(path: string, venue: { venueName: string; logoUrl: string }): string {
  const page = /^\/(book)?$/.test(path)
    ? { hero: BOOK_HERO, frame: "shell-main" }
    : path === "/events"
      ? { hero: EVENTS_HERO, frame: "shell-main events" }
      : null;
  if (!page) return "";
  const { hero } = page;
  const logo = escapeHtml(venue.logoUrl);
  const main =
    `<div class="${page.frame}"><div class="hero ${hero.variant}">` +
    `<img class="hero-art" src="${escapeHtml(hero.art)}" alt="" width="${HERO_ART_SIZE.width}" height="${HERO_ART_SIZE.height}" fetchpriority="high">` +
    `<div class="hero-body"><img class="hero-logo" src="${logo}" alt="" width="40" height="40">` +
    `<h1 class="hero-title">${escapeHtml(hero.title(venue.venueName))}</h1>` +
    `<p class="hero-lead">${escapeHtml(hero.lead(venue.venueName))}</p></div></div></div>`;
  return (
    `<header class="shell-header"><div class="shell-inner"><img src="${logo}" alt="" width="36" height="36">` +
    `<span>${escapeHtml(venue.venueName)}</span></div></header>${main}`
  );
}

/** Brotli or gzip, whichever the browser accepts (Brotli first); null for neither. */
export function htmlEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => (name ?? "").trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/** JSON that can sit inside a <script> element: nothing in it can close the element. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

type ManifestChunk = { file: string; imports?: string[] };

// The pages a visitor lands on from outside, by path, and their source module (src/client/router.tsx).
const LANDING_PAGES: Array<[RegExp, string[]]> = [
  [/^\/(book)?$/, ["src/client/features/booking/BookingPage.tsx"]],
  [/^\/events$/, ["src/client/features/events/EventsPage.tsx"]],
  // An event's page: the detail view is a chunk of its own (decision record 025).
  [
    /^\/events\/[^/]+$/,
    ["src/client/features/events/EventsPage.tsx", "src/client/features/events/EventDetailView.tsx"],
  ],
];

/**
 * The script that starts the app (first-paint.ts), by path: with a landing page's own chunks (its
 * chunk and the chunks it imports, from Vite's manifest) for a landing page, the same for every
 * other page. All made once.
 */
function startTags(distDir: string, index: ServedIndex): (path: string) => string {
  const everyPage = startTag(index);
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return () => everyPage;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const tags = new Map<string, string>();
  for (const [, sources] of LANDING_PAGES) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const source of sources) visit(source);
    tags.set(sources.join(), startTag(index, [...files]));
  }
  return (path) => {
    const page = LANDING_PAGES.find(([pattern]) => pattern.test(path));
    return (page && tags.get(page[1].join())) ?? everyPage;
  };
}
