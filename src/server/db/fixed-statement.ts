import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

/**
 * A statement whose shape never changes, its values left as `sql.placeholder(name)` (decision
 * 045): drizzle renders its text once per process, on its first run, instead of building it from
 * the query builder's objects on every request (about 12% of the server's CPU in the paid
 * booking was drizzle building statements). Each run fills the placeholders and runs it on the
 * executor it is given, the database or a transaction (drizzle's `prepareQuery` on that
 * executor's session, as its `.prepare()` does), under the statement's own name: the PostgreSQL
 * server parses it once per connection (as the pool's statement naming does, decision 041);
 * PGlite runs the same text with the values.
 *
 * `build` is called once, with the first executor, only to render the text; it must not depend
 * on any value but the placeholders. A placeholder bound through a column (`eq(column, p)`, an
 * insert's or update's value) is encoded by the column's type; drizzle then encodes null too,
 * so a nullable json value goes through a plain `sql` placeholder, encoded by the caller.
 */
const dialect = new PgDialect();

export function fixedStatement<Row>(name: string, build: (executor: Db | Tx) => SQL) {
  let query: Query | undefined;
  return async (executor: Db | Tx, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build(executor));
    const statement = executor._.session.prepareQuery(query, undefined, name, false);
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
