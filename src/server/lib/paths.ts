import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The same code runs from src/ (tsx, tests) and from dist/ (the production build),
// so project files are located from the nearest package.json, not a fixed depth.
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "drizzle"))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

export const projectRoot = findProjectRoot();
export const migrationsDir = join(projectRoot, "drizzle");
export const clientDistDir = join(projectRoot, "dist", "client");
/** An empty embedded database, initialised and migrated at build time (scripts/build-embedded-template.mjs). */
export const embeddedTemplatePath = join(projectRoot, "dist", "embedded", "pgdata");
