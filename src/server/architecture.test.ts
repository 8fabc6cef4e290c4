import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md "Server layout": feature folders never import each other, and the shared folders
// (kernel, payment spine, adapters, edge) import no feature. Only the composition root — the files
// that wire the app together — may name several features. A reading of the import lines, so it runs
// with the unit tests (and so in CI) and fails naming the offending file and import.

const SERVER = path.resolve(import.meta.dirname);
const FEATURES = new Set(["account", "admin", "booking", "events", "membership"]);
const COMPOSITION_ROOT = new Set(["app.ts", "main.ts", "bootstrap.ts", "checkout-purposes.ts", "cli"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The first folder under src/server ("booking"), or the file's own name for a file at the top. */
const areaOf = (file: string) => path.relative(SERVER, file).split(path.sep)[0] ?? "";

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1] ?? "");
}

function importViolations(): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(SERVER)) {
    const from = areaOf(file);
    if (COMPOSITION_ROOT.has(from)) continue;
    for (const spec of relativeImports(file)) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(SERVER + path.sep)) continue;
      const to = areaOf(target);
      if (to === from || !FEATURES.has(to)) continue;
      const who = FEATURES.has(from) ? "feature" : "shared module";
      violations.push(`${path.relative(SERVER, file)} (${who}) imports ${spec}`);
    }
  }
  return violations;
}

describe("server layout", () => {
  it("has the feature folders it names (so a rename cannot empty the check)", () => {
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const feature of FEATURES) expect(folders).toContain(feature);
    expect(folders).toContain("kernel");
  });

  it("no feature imports another feature, and no shared module imports a feature", () => {
    expect(importViolations()).toEqual([]);
  });
});

// Hono's `c.var` is a getter that copies every request variable into a new object on each read;
// `c.get(key)` reads one from its map. On the availability path that was ~1% of the server's CPU
// (docs/performance.md, 2026-11-27 morning), so server code reads request variables with `c.get`.
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
