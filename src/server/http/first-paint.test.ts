import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paintFirst, START_AFTER_PAINT, START_AFTER_PAINT_SOURCE, startTag } from "./first-paint";

// The shape of Vite's dist/client/index.html (vite build, this project's config): the entry as a
// module script and its chunks as modulepreload links in the head, the style sheet as a link.
const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Venue</title>
    <style>body{margin:0}</style>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-Def456.js">
    <link rel="modulepreload" crossorigin href="/assets/Text-Ghi789.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Jkl012.css">
  </head>
  <body>
    <div id="root"><!--shell--><!--/shell--></div>
  </body>
</html>
`;

describe("paintFirst", () => {
  it("takes the entry and its preloads out of the page and preloads the style sheet", () => {
    const index = paintFirst(VITE_INDEX);
    expect(index.entry).toBe("/assets/index-AbC123.js");
    expect(index.modules).toEqual(["/assets/react-dom-Def456.js", "/assets/Text-Ghi789.js"]);
    expect(index.html).not.toContain("<script");
    expect(index.html).not.toContain("modulepreload");
    expect(index.html).not.toContain('rel="stylesheet"');
    expect(index.html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-Jkl012.css" data-app-styles>',
    );
    expect(index.html).toContain('<div id="root"><!--shell--><!--/shell--></div>');
  });

  it("leaves a page without an entry as it is, and starts nothing on it", () => {
    const standIn = '<!doctype html><html><body><div id="root"></div></body></html>';
    const index = paintFirst(standIn);
    expect(index).toEqual({ html: standIn, entry: null, modules: [] });
    expect(startTag(index, ["/assets/EventsPage-X.js"])).toBe("");
  });
});

describe("startTag", () => {
  it("names the entry and every chunk once, the landing page's after Vite's", () => {
    const tag = startTag(paintFirst(VITE_INDEX), [
      "/assets/EventsPage-Mno345.js",
      "/assets/Text-Ghi789.js",
      "/assets/index-AbC123.js",
    ]);
    expect(tag).toBe(
      `<script data-entry="/assets/index-AbC123.js" data-modules="/assets/react-dom-Def456.js /assets/Text-Ghi789.js /assets/EventsPage-Mno345.js">${START_AFTER_PAINT}</script>`,
    );
  });

  it("is allowed by the page's Content-Security-Policy source, the hash of exactly that script", () => {
    const hash = createHash("sha256").update(START_AFTER_PAINT).digest("base64");
    expect(START_AFTER_PAINT_SOURCE).toBe(`'sha256-${hash}'`);
  });
});

/** The inline script run against a small stand-in for the browser's document and frame clock. */
function runStartScript(visibility: "visible" | "hidden") {
  const added: Array<Record<string, string>> = [];
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  const document = {
    visibilityState: visibility,
    currentScript: {
      dataset: { entry: "/assets/index-A.js", modules: "/assets/react-dom-B.js /assets/Text-C.js" },
    },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { appendChild: (element: Record<string, string>) => added.push({ ...element }) },
  };
  const run = new Function("document", "requestAnimationFrame", "setTimeout", START_AFTER_PAINT);
  run(
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
  );
  return { added, frames, tasks };
}

describe("the start script", () => {
  it("adds nothing until a frame has been painted, then the preloads and the entry", () => {
    const { added, frames, tasks } = runStartScript("visible");
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    // The frame's callback runs before its paint; the start waits for the task after it.
    expect(added).toEqual([]);
    tasks[0]?.();
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", crossOrigin: "", href: "/assets/react-dom-B.js" },
      { tag: "link", rel: "modulepreload", crossOrigin: "", href: "/assets/Text-C.js" },
      { tag: "script", type: "module", crossOrigin: "", src: "/assets/index-A.js" },
    ]);
  });

  it("starts at once in a hidden tab, which paints no frame", () => {
    const { added, frames } = runStartScript("hidden");
    expect(frames).toEqual([]);
    expect(added.map((e) => e.tag)).toEqual(["link", "link", "script"]);
  });
});
