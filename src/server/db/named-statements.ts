import { createHash } from "node:crypto";

/**
 * Issue 35: PostgreSQL parses, analyses and plans an unnamed statement again on every run. In the
 * paid booking a third of the database's time in its statements was planning them (the payments
 * row read by its session: 0.2 ms of planning for a 0.04 ms read). A named statement is parsed
 * once per connection and, after its first few runs, keeps one plan (plan_cache_mode auto), as the
 * availability lookup's statement already does (kernel/schedule/slot-context.ts).
 *
 * So the PostgreSQL pool's clients name the statements drizzle sends, by a hash of their text. Each
 * named statement keeps a little of its connection's memory until the connection closes, so only
 * texts that repeat get a name: a text is named from its REPEATS-th run, and at most MAX_NAMED
 * texts per process (the app sends a few hundred distinct ones; an IN list of every length or an
 * admin's rare export stays unnamed, as before). Transaction control and other utility statements
 * are never named.
 */
export type NamingPolicy = { repeats: number; maxNamed: number };

export const NAMING: NamingPolicy = { repeats: 3, maxNamed: 400 };

const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

export function statementNamer(policy: NamingPolicy = NAMING) {
  const seen = new Map<string, number>();
  const named = new Map<string, string>();
  return (text: string): string | undefined => {
    const known = named.get(text);
    if (known) return known;
    if (named.size >= policy.maxNamed || !PLANNABLE.test(text)) return undefined;
    const runs = (seen.get(text) ?? 0) + 1;
    if (runs < policy.repeats) {
      // The texts still counting are bounded too: a flood of one-off texts forgets the older ones.
      if (seen.size >= policy.maxNamed * 4) seen.clear();
      seen.set(text, runs);
      return undefined;
    }
    seen.delete(text);
    const name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    named.set(text, name);
    return name;
  };
}

/** A query config with its statement's name added (when the namer gives one); anything else unchanged. */
export function withStatementName<T>(config: T, name: (text: string) => string | undefined): T {
  if (typeof config !== "object" || config === null) return config;
  const query = config as { text?: unknown; name?: unknown };
  if (typeof query.text !== "string" || query.name) return config;
  const statement = name(query.text);
  return statement ? { ...config, name: statement } : config;
}
