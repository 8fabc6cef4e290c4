import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { payments, pendingMembershipSignups } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { checkoutCompletedEvent } from "../../../src/server/payments/test-checkout-session";
import { createTestApp, type TestApp, testClock } from "../kits/harness";
import { membershipPayment, NOW, sendTestEvent, sessionIdOf, signupBody } from "../kits/membership-test-kit";

// ISSUE 30 item 10: anyone could start a membership signup for someone else's email, and that
// pending signup refused the email's real owner for 24 hours (while its checkout could be paid).
// Now the refusal offers a link, sent to the address on request; whoever reads that mailbox cancels
// the waiting signup with it (its checkout stops taking payment) and signs up at once. The stranger's
// password never becomes the owner's.

const OWNER = "owner@example.test";
const OWNERS_PASSWORD = "Owners-Own-Pa55word!";
const STRANGERS_PASSWORD = "Strangers-Pa55word!";

const clock = testClock(NOW);
let t: TestApp;
beforeEach(async () => {
  clock.set(NOW);
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterEach(async () => {
  await t?.close();
});

const startSignup = (password: string) =>
  t.client().post("/api/membership/checkout", signupBody({ email: OWNER, password }));
const askForLink = (email = OWNER) => t.client().post("/api/membership/checkout/restart-link", { email });

async function restartLinkFromEmail(): Promise<string> {
  const mails = (await t.emailsTo(OWNER)).filter((m) => /start again/i.test(m.subject));
  expect(mails).toHaveLength(1);
  const link = present(
    present(mails[0]).textBody.match(/\/signup\?restart=([A-Za-z0-9_.-]+)/),
    "restart link",
  );
  return present(link[1]);
}

describe("a signup started for someone else's email", () => {
  it("never blocks the owner: the refused owner asks for a link, the link cancels it, the owner signs up with 0 hours' wait", async () => {
    const strangers = await startSignup(STRANGERS_PASSWORD);
    expect(strangers.status).toBe(200);
    const strangersSession = sessionIdOf(((await strangers.json()) as { url: string }).url);

    const refused = await startSignup(OWNERS_PASSWORD);
    expect(refused.status).toBe(409);
    const refusal = ((await refused.json()) as { error: { details?: { signupWaiting?: boolean } } }).error;
    expect(refusal.details?.signupWaiting).toBe(true);
    const asked = await askForLink("Owner@Example.test");
    expect(asked.status).toBe(202);

    const token = await restartLinkFromEmail();
    const cancelled = await t.client().post("/api/membership/checkout/restart", { token });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ email: OWNER });
    const [strangersPayment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, strangersSession));
    expect(present(strangersPayment).state).toBe("expired");
    const [strangersSignup] = await t.db
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.id, present(strangersPayment).reference as string));
    expect(present(strangersSignup)).toMatchObject({ status: "expired", passwordHash: "" });

    // The owner signs up now and pays; the account has the owner's password, not the stranger's.
    const owners = await startSignup(OWNERS_PASSWORD);
    expect(owners.status).toBe(200);
    const sessionId = sessionIdOf(((await owners.json()) as { url: string }).url);
    const payment = await membershipPayment(t.deps, sessionId);
    const event = present(checkoutCompletedEvent(payment, sessionId, clock.now()));
    expect(await sendTestEvent(t.deps, t.request, event)).toBe("confirmed");
    expect((await t.client().signIn(OWNER, OWNERS_PASSWORD)).status).toBe(200);
    expect((await t.client().signIn(OWNER, STRANGERS_PASSWORD)).status).toBe(401);

    // The link is spent: a second use changes nothing.
    expect((await t.client().post("/api/membership/checkout/restart", { token })).status).toBe(400);
  });

  it("ten asks (five at once) send the mailbox one link an hour, not ten; with no waiting signup, none", async () => {
    const nobody = await askForLink();
    expect(nobody.status).toBe(202);
    expect(await t.emailsTo(OWNER)).toHaveLength(0);

    expect((await startSignup(STRANGERS_PASSWORD)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => askForLink()));
    for (let i = 0; i < 5; i++) answers.push(await askForLink());
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(202));
    // The same answer whether or not a signup waits.
    expect(await answers[0]?.json()).toEqual(await nobody.json());
    await restartLinkFromEmail();
    clock.advance(61 * 60_000);
    await askForLink();
    expect((await t.emailsTo(OWNER)).filter((m) => /start again/i.test(m.subject))).toHaveLength(2);
  });

  it("a wrong or altered link cancels nothing", async () => {
    expect((await startSignup(STRANGERS_PASSWORD)).status).toBe(200);
    await askForLink();
    const token = await restartLinkFromEmail();
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    for (const bad of [altered, "not-a-token", `${token}x`]) {
      const response = await t.client().post("/api/membership/checkout/restart", { token: bad });
      expect(response.status).toBe(400);
    }
    const signups = await t.db
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.email, OWNER));
    expect(signups.map((s) => s.status)).toEqual(["pending"]);
  });
});
