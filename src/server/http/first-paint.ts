import { createHash } from "node:crypto";

/**
 * The first paint of every page is the frame the server writes into index.html (the header and the
 * page's heading, styled inline; static-files.ts). Nothing of the app's may come before it:
 *
 * - Its code runs only after that frame has been painted. Run as Vite writes it (a module script
 *   in the head), the app's evaluation (React, Mantine, the router: over half a second on a slowed
 *   phone) could come before the browser's first frame whenever the scripts arrived quickly,
 *   leaving the screen blank until it was done.
 * - Its code is fetched only from then on, all of it at once (the entry and every chunk the page
 *   will need, as modulepreload), so on a slow connection the frame does not share the line with
 *   150 KB of scripts. Lighthouse's simulation, too, counted every script that had arrived before
 *   the observed paint as holding that paint back (first paint 0.7 s or 2–3 s, by the run).
 * - The style sheet is preloaded, not render-blocking; the app applies it before its first render
 *   (src/client/main.tsx).
 *
 * The inline script below does the first two: it waits for a frame, then adds the preloads and the
 * entry. A hidden tab paints nothing, so there it adds them at once.
 */
export const START_AFTER_PAINT =
  "(function(){var d=document.currentScript.dataset;function add(e){document.head.appendChild(e)}" +
  "function go(){d.modules.split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');" +
  "l.rel='modulepreload';l.crossOrigin='';l.href=u;add(l)});var s=document.createElement('script');" +
  "s.type='module';s.crossOrigin='';s.src=d.entry;add(s)}" +
  "if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()";

/** The Content-Security-Policy source that allows exactly that inline script (app.ts). */
export const START_AFTER_PAINT_SOURCE = `'sha256-${createHash("sha256").update(START_AFTER_PAINT).digest("base64")}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
const APP_STYLES = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/;

/** Vite's index.html as served, and the scripts it started with. */
export type ServedIndex = {
  /** The page without its scripts (`startTag` adds them), its style sheet preloaded. */
  html: string;
  /** The entry module ("/assets/index-….js"); null for a page without one (a test's stand-in). */
  entry: string | null;
  /** The chunks Vite preloads for the entry, by path. */
  modules: string[];
};

/** Takes the scripts out of Vite's index.html; first-paint.test.ts holds the shape it expects. */
export function paintFirst(indexHtml: string): ServedIndex {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1] ?? null;
  const modules = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? "");
  const html = indexHtml
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(APP_STYLES, '<link rel="preload" as="style" crossorigin href="$1" data-app-styles>');
  return { html, entry, modules };
}

/**
 * The script that starts the app after the first paint, for the end of the body: the entry, Vite's
 * preloads and `more` (a landing page's own chunks, by path). Empty for a page without an entry.
 */
export function startTag(index: ServedIndex, more: readonly string[] = []): string {
  if (!index.entry) return "";
  const modules = [...new Set([...index.modules, ...more])].filter((m) => m !== index.entry);
  return `<script data-entry="${index.entry}" data-modules="${modules.join(" ")}">${START_AFTER_PAINT}</script>`;
}
