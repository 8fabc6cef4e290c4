import { describe, expect, it } from "vitest";
import { statementNamer, withStatementName } from "./named-statements";

describe("the statements the PostgreSQL pool names (issue 35)", () => {
  it("names a text from its third run on, by a hash of the text, the same name every time", () => {
    const name = statementNamer({ repeats: 3, maxNamed: 10 });
    const text = 'select "id" from "holds" where "id" = $1';
    expect(name(text)).toBeUndefined();
    expect(name(text)).toBeUndefined();
    const named = name(text);
    expect(named).toMatch(/^s_[0-9a-f]{20}$/);
    expect(name(text)).toBe(named);
    expect(name(`${text} limit 1`)).toBeUndefined();
  });

  it("never names transaction control or other utility statements", () => {
    const name = statementNamer({ repeats: 1, maxNamed: 10 });
    for (const text of [
      "begin",
      "commit",
      "rollback",
      "savepoint sp1",
      "LISTEN venue_outbox",
      "set jit = off",
    ]) {
      expect(name(text)).toBeUndefined();
    }
    expect(name("with x as (select 1) select * from x")).toBeDefined();
    expect(name("  INSERT into t values ($1)")).toBeDefined();
  });

  it("names at most maxNamed texts, leaving later ones unnamed as before", () => {
    const name = statementNamer({ repeats: 1, maxNamed: 2 });
    expect(name("select 1")).toBeDefined();
    expect(name("select 2")).toBeDefined();
    expect(name("select 3")).toBeUndefined();
    expect(name("select 1")).toBeDefined();
  });

  it("adds the name to a query config with text and no name; anything else passes unchanged", () => {
    const name = () => "s_x";
    expect(withStatementName({ text: "select 1", values: [] }, name)).toEqual({
      text: "select 1",
      values: [],
      name: "s_x",
    });
    const own = { text: "select 2", name: "slot_context_court" };
    expect(withStatementName(own, name)).toBe(own);
    expect(withStatementName("select 3", name)).toBe("select 3");
    expect(withStatementName({ text: "select 4" }, () => undefined)).toEqual({ text: "select 4" });
  });
});
