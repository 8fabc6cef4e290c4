// After the server build: an empty embedded database, initialised and migrated, in
// dist/embedded/pgdata. A first `npm start` copies that folder instead of running initdb and every
// migration (the slowest part of a first start), so a new machine is ready in seconds
// (decision record 025). Later migrations still run at start, on top of it.
import { mkdirSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const OUT = "dist/embedded/pgdata";
rmSync("dist/embedded", { recursive: true, force: true });
mkdirSync("dist/embedded", { recursive: true });
const db = await PGlite.create(OUT, { extensions: { btree_gist } });
await migrate(drizzle(db), { migrationsFolder: "drizzle" });
await db.exec("checkpoint");
await db.close();
console.log(`embedded database template: ${OUT}`);
