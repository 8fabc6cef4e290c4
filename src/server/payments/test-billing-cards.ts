import { eq } from "drizzle-orm";
import { SIMULATED_TEST_CARD, type TestCard } from "../../domain/test-card";
import type { Db } from "../db/client";
import { testBillingCards } from "../db/schema";

// The test provider's stand-in for the cards Stripe keeps (issue 34 item 4): the card a test
// customer last saved on the stand-in billing page, or the simulated subscription's first card.

export async function loadTestCard(db: Db, customerId: string): Promise<TestCard> {
  const [row] = await db
    .select({
      brand: testBillingCards.brand,
      last4: testBillingCards.last4,
      expMonth: testBillingCards.expMonth,
      expYear: testBillingCards.expYear,
    })
    .from(testBillingCards)
    .where(eq(testBillingCards.customerId, customerId));
  return row ?? SIMULATED_TEST_CARD;
}

export async function saveTestCard(db: Db, customerId: string, card: TestCard, now: Date): Promise<void> {
  const values = { ...card, updatedAt: now };
  await db
    .insert(testBillingCards)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: testBillingCards.customerId, set: values });
}
