import { formatCents } from "./money";

// DECISIONS.md (turn 3): a reschedule is priced at the new time. A dearer time asks for the
// difference before the move is final; a cheaper one gives back the venue's refund percentage of
// the difference (at most what is still paid); the same price moves as it always did. Issue 30 item 1.

export type RescheduleMoney = {
  kind: "same" | "dearer" | "cheaper";
  priceBeforeCents: number;
  priceAfterCents: number;
  /** Always positive (or 0): what the new time costs more, or less. */
  differenceCents: number;
  /** Paid through the checkout before the move (dearer), else 0. */
  payCents: number;
  /** Given back through the payment spine (cheaper), else 0. */
  refundCents: number;
  refundPercent: number;
};

/** The money of moving an item sold at `priceBeforeCents` to a time priced `priceAfterCents`. */
export function rescheduleMoney(input: {
  priceBeforeCents: number;
  priceAfterCents: number;
  refundPercent: number;
  /** What the booking's payments still hold: a refund never exceeds it. */
  refundableCents: number;
}): RescheduleMoney {
  const { priceBeforeCents, priceAfterCents, refundPercent } = input;
  const base = { priceBeforeCents, priceAfterCents, refundPercent };
  if (priceAfterCents > priceBeforeCents) {
    const differenceCents = priceAfterCents - priceBeforeCents;
    return { ...base, kind: "dearer", differenceCents, payCents: differenceCents, refundCents: 0 };
  }
  if (priceAfterCents < priceBeforeCents) {
    const differenceCents = priceBeforeCents - priceAfterCents;
    const share = Math.floor((differenceCents * refundPercent) / 100);
    const refundCents = Math.max(0, Math.min(share, input.refundableCents));
    return { ...base, kind: "cheaper", differenceCents, payCents: 0, refundCents };
  }
  return { ...base, kind: "same", differenceCents: 0, payCents: 0, refundCents: 0 };
}

const costs = (m: RescheduleMoney) =>
  `The new time costs ${formatCents(m.priceAfterCents)} instead of ${formatCents(m.priceBeforeCents)}`;

/** What the email says about the money once the move is made. */
export function rescheduleMoneyText(m: RescheduleMoney): string {
  if (m.kind === "same") return "The price is unchanged.";
  if (m.kind === "dearer") return `${costs(m)}: you paid the ${formatCents(m.differenceCents)} difference.`;
  if (m.refundCents === 0) {
    return `${costs(m)}. Under the venue's policy none of the ${formatCents(m.differenceCents)} difference is refunded.`;
  }
  return `${costs(m)}: ${formatCents(m.refundCents)} (${m.refundPercent}% of the ${formatCents(m.differenceCents)} difference) is on its way back to your card.`;
}

/** What the move's dialog says before the customer confirms (money shown before it moves). */
export function rescheduleQuoteText(m: RescheduleMoney): string {
  if (m.kind === "same") return "The price stays the same.";
  if (m.kind === "dearer") {
    return `${costs(m)}. You'll pay the ${formatCents(m.differenceCents)} difference at checkout; your current time is kept until then.`;
  }
  if (m.refundCents === 0) {
    return `${costs(m)}. Under the venue's policy none of the ${formatCents(m.differenceCents)} difference is refunded.`;
  }
  return `${costs(m)}. You'll get ${formatCents(m.refundCents)} back (${m.refundPercent}% of the ${formatCents(m.differenceCents)} difference).`;
}
