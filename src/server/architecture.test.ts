import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md "Server layout" and "Folder rules": the folders of src/server form layers — no two
// import each other, directly or round a longer cycle; feature folders never import each other, and
// the shared folders import no feature (only the composition root, the files that wire the app
// together, may name several). On the client, no feature imports another. A reading of the import
// lines, so it runs with the unit tests (and so in CI) and fails naming the offending files.

const SERVER = path.resolve(import.meta.dirname);
const CLIENT_FEATURES = path.resolve(SERVER, "../client/features");
const FEATURES = new Set([
  "account",
  "admin",
  "booking",
  "check-in",
  "events",
  "membership",
  "staff",
  "venue",
]);
const COMPOSITION_ROOT = new Set(["app.ts", "main.ts", "bootstrap.ts", "checkout-purposes.ts", "cli"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files a file imports by relative path, resolved to the file on disk ("../db/client" → …/client.ts). */
function relativeImports(file: string): Array<{ spec: string; target: string }> {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => {
    const spec = m[1] ?? "";
    const base = path.resolve(path.dirname(file), spec);
    const target =
      ["", ".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((c) => existsSync(c)) ?? base;
    return { spec, target };
  });
}

/** The first folder under `root` ("booking"), or the file's own name for a file at the top ("deps.ts"). */
const areaOf = (root: string, file: string) => path.relative(root, file).split(path.sep)[0] ?? "";

type Edge = { from: string; to: string; file: string; spec: string };

/** Every import from one area of `root` into another, with the file and import line that make it. */
function areaEdges(root: string): Edge[] {
  return sourceFiles(root).flatMap((file) =>
    relativeImports(file).flatMap(({ spec, target }) => {
      if (!target.startsWith(root + path.sep)) return [];
      const from = areaOf(root, file);
      const to = areaOf(root, target);
      return from === to ? [] : [{ from, to, file: path.relative(root, file), spec }];
    }),
  );
}

/** The strongly connected groups of more than one area (Tarjan): each is a cycle of imports. */
function importCycles(edges: Array<Pick<Edge, "from" | "to">>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    next.set(from, (next.get(from) ?? new Set()).add(to));
    if (!next.has(to)) next.set(to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area) ?? 0);
    stack.push(area);
    for (const to of next.get(area) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(area, Math.min(low.get(area) ?? 0, low.get(to) ?? 0));
    }
    if (low.get(area) !== index.get(area)) return;
    const group = stack.splice(stack.indexOf(area));
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const area of next.keys()) if (!index.has(area)) visit(area);
  return cycles;
}

/** A cycle spelled out: every import between its areas, so the failure says which lines to move. */
const describeCycle = (group: string[], edges: Edge[]) =>
  [
    `cycle between ${group.join(", ")}:`,
    ...edges
      .filter((e) => group.includes(e.from) && group.includes(e.to))
      .map((e) => `  ${e.from} -> ${e.to}: ${e.file} imports ${e.spec}`),
  ].join("\n");

function featureViolations(): string[] {
  return areaEdges(SERVER)
    .filter((e) => FEATURES.has(e.to) && !COMPOSITION_ROOT.has(e.from))
    .map((e) => `${e.file} (${FEATURES.has(e.from) ? "feature" : "shared module"}) imports ${e.spec}`);
}

describe("server layout", () => {
  it("has the folders it names (so a rename cannot empty the check)", () => {
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const folder of [...FEATURES, "kernel", "lib", "db", "payments", "http"])
      expect(folders).toContain(folder);
  });

  it("no feature imports another feature, and no shared module imports a feature", () => {
    expect(featureViolations()).toEqual([]);
  });

  it("no two folders (or top-level files) import each other, directly or round a cycle", () => {
    const edges = areaEdges(SERVER);
    expect(edges.length).toBeGreaterThan(50);
    expect(importCycles(edges).map((group) => describeCycle(group, edges))).toEqual([]);
  });

  it("lib/ is the bottom layer: it imports nothing else of the server", () => {
    const upward = areaEdges(SERVER).filter((e) => e.from === "lib");
    expect(upward.map((e) => `${e.file} imports ${e.spec}`)).toEqual([]);
  });

  it("the cycle check finds a cycle, long or short (so it cannot pass by reading nothing)", () => {
    const pair = [
      { from: "a", to: "b" },
      { from: "b", to: "a" },
    ];
    expect(importCycles(pair)).toEqual([["a", "b"]]);
    const ring = [
      { from: "kernel", to: "db" },
      { from: "db", to: "auth" },
      { from: "auth", to: "kernel" },
      { from: "http", to: "kernel" },
    ];
    expect(importCycles(ring)).toEqual([["auth", "db", "kernel"]]);
    expect(importCycles([{ from: "http", to: "kernel" }])).toEqual([]);
  });
});

describe("client layout", () => {
  it("no feature imports another feature (what two share lives in src/client/lib or components)", () => {
    const crossings = areaEdges(CLIENT_FEATURES).map((e) => `${e.file} imports ${e.spec}`);
    expect(readdirSync(CLIENT_FEATURES)).toContain("booking");
    expect(crossings).toEqual([]);
  });
});

// Hono's `c.var` is a getter that copies every request variable into a new object on each read;
// `c.get(key)` reads one from its map. On the availability path that was ~1% of the server's CPU
// (issue 16; the git history of docs/performance.md), so server code reads request variables with `c.get`.
describe("request variables", () => {
  it("are read with c.get, never through the copying c.var getter", () => {
    const readers = sourceFiles(SERVER)
      .filter((file) => !file.endsWith(".test.ts"))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (/\bc\.var\b/.test(line) ? [`${path.relative(SERVER, file)}:${i + 1}`] : [])),
      );
    expect(readers).toEqual([]);
  });

  it("the check finds such a read (so it cannot pass by reading nothing)", () => {
    expect(/\bc\.var\b/.test("const user = c.var.user;")).toBe(true);
    expect(/\bc\.var\b/.test('const user = c.get("user");')).toBe(false);
  });
});
