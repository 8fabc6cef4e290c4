import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { DATABASE_TIMEOUTS } from "../db/database-timeouts";
import { isDatabaseUnavailable } from "../db/pg-errors";
import { decideInAccountTurn, signInPlaces, withSignInPlace } from "./sign-in-gate";

// The gate's rules without a database (the burst against PostgreSQL's pool is in
// tests/integration/hardening/login-burst.integration.test.ts).
function fakeDatabase(max: number, poolWaitMs = DATABASE_TIMEOUTS.poolWaitMs): Database {
  return {
    poolUsage: () => ({ total: 0, idle: 0, waiting: 0, max }),
    timeouts: { ...DATABASE_TIMEOUTS, poolWaitMs },
  } as unknown as Database;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sign-in's share of the pool", () => {
  it("is 3 of 10 connections, and one on a pool of one", () => {
    expect(signInPlaces(fakeDatabase(10))).toBe(3);
    expect(signInPlaces(fakeDatabase(1))).toBe(1);
  });

  it("a fourth sign-in waits for a place, and one that waits past the pool's wait is a 503", async () => {
    const database = fakeDatabase(10, 50);
    let running = 0;
    let most = 0;
    const finish: Array<() => void> = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        finish.push(() => {
          running--;
          resolve();
        });
      });
    const first = [1, 2, 3].map(() => withSignInPlace(database, work));
    const fourth = withSignInPlace(database, work);
    await tick();
    expect(running).toBe(3);
    const error = await fourth.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    for (const done of finish.splice(0)) done();
    await Promise.all(first);
    expect(most).toBe(3);
  });
});

describe("one account's attempts", () => {
  it("take turns, and a refusal answers the same address's attempts queued behind it without asking again", async () => {
    const database = fakeDatabase(10);
    const asked: string[] = [];
    let inside = 0;
    let most = 0;
    const decide = (address: string, answer: number | null) => async () => {
      inside++;
      most = Math.max(most, inside);
      asked.push(address);
      await tick();
      inside--;
      return answer;
    };
    const answers = await Promise.all([
      decideInAccountTurn(database, "a@example.test", "203.0.113.1", decide("203.0.113.1", null)),
      decideInAccountTurn(database, "a@example.test", "203.0.113.1", decide("203.0.113.1", 7)),
      decideInAccountTurn(database, "a@example.test", "198.51.100.2", decide("198.51.100.2", 8)),
      decideInAccountTurn(database, "a@example.test", "203.0.113.1", decide("203.0.113.1", 9)),
    ]);
    expect(answers).toEqual([null, null, 8, null]);
    expect(asked).toEqual(["203.0.113.1", "198.51.100.2"]);
    expect(most).toBe(1);

    // The queue emptied: the next attempt is decided afresh.
    expect(
      await decideInAccountTurn(database, "a@example.test", "203.0.113.1", decide("203.0.113.1", 10)),
    ).toBe(10);
  });
});
