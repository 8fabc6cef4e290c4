import pg from "pg";
import { statementNamer, withStatementName } from "./named-statements";

/**
 * The pool's clients: a bound on connecting (the pool's own connectionTimeoutMillis is its queue
 * wait, this the connect), and the app's repeated statements named so that each connection parses
 * and plans them once (named-statements.ts); the bulk loads' are left unnamed.
 */
export function timedClient(connectMs: number, nameStatements: boolean) {
  const name = statementNamer();
  return class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
      if (!nameStatements) return;
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((config: unknown, ...rest: unknown[]) =>
        query(withStatementName(config, name), ...rest)) as typeof this.query;
    }
  };
}
