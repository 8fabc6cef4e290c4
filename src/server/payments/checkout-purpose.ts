import type Stripe from "stripe";
import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import type { VenueIdentity } from "../settings/venue-settings";
import type { PaymentRow } from "./payment-rows";
import type { WebhookOutcome } from "./webhook-inbox";

/** A paid checkout, its payment row locked and marked completed, handed to the purpose's fulfil. */
export type PaidCheckout<Prepared = unknown> = {
  payment: PaymentRow;
  providerPaymentId: string | null;
  session: Stripe.Checkout.Session;
  venue: VenueIdentity;
  now: Date;
  /** What the purpose's `prepare` fetched before any lock was taken. */
  prepared: Prepared;
};

/** The money goes back: what to do first (undo its own hold, email the customer); returns what to log. */
export type LatePaymentRefund = { beforeRefund: () => Promise<Record<string, unknown>> };

/**
 * What fulfil decided: "confirmed"; a refund the spine makes through the provider; or the purpose
 * settled the payment row itself ("refunded" its own way, or it found the work "duplicate").
 */
export type Fulfilment = "confirmed" | "duplicate" | "refunded" | LatePaymentRefund;

/**
 * The words of the built-in test checkout for a purpose; the page itself is one for every purpose,
 * rendered from the payment's stored checkout (test-checkout-page.ts).
 */
export type TestCheckoutTexts = {
  /** A session that can no longer be paid, e.g. "Reservation time expired. Please choose your time again." */
  expired: string;
  /** The label of the link back (to the stored checkout's backPath), e.g. "Back to booking". */
  back: string;
  /** A session already paid; by default "This checkout has already been paid." */
  paid?: string;
};

/**
 * One kind of checkout (payments.purpose), declared by its feature in its checkout-purpose.ts: the
 * steps the payment spine runs when the provider reports back, and the test checkout's words. Its
 * line items are declared beside it (a function building the StoredCheckout its use case opens with
 * insertCheckoutPayment and openCheckoutSession). The spine settles every checkout itself
 * (settle-checkout.ts: the event recorded once, the payment row locked, checked and marked, the
 * refund when fulfil cannot keep the money); a purpose only says what paying and expiring mean for
 * its own rows (payments.reference).
 */
export type CheckoutPurpose<Prepared = unknown> = {
  purpose: string;
  /** A subscription-mode session without our metadata can only be this purpose's. */
  subscription?: boolean;
  /** Extra checks that a payment row is one this purpose can settle (e.g. it names its hold). */
  owns?(payment: PaymentRow): boolean;
  /** Before the transaction, before any lock: what fulfil needs from the provider. */
  prepare?(deps: AppDeps, session: Stripe.Checkout.Session): Promise<Prepared>;
  /**
   * checkout.session.completed / async_payment_succeeded, in the settling transaction, after the
   * payment row is marked completed.
   */
  fulfil(tx: Tx, deps: AppDeps, paid: PaidCheckout<Prepared>): Promise<Fulfilment>;
  /** checkout.session.expired, after an unpaid payment row is marked expired: what its own hold does. */
  afterExpired?(tx: Tx, deps: AppDeps, payment: PaymentRow, now: Date): Promise<void>;
  /**
   * A subscription purpose: whether one of its events will record a paid renewal invoice of this
   * provider subscription (membership: invoice.paid, for the member holding it). A refund of such an
   * invoice that comes before that event is retried, not ignored (decision 043).
   */
  recordsRenewalsOf?(tx: Tx, subscriptionId: string): Promise<boolean>;
  /** Other provider events this purpose owns (a subscription's later life), by event type. */
  events?: Record<string, (deps: AppDeps, event: Stripe.Event) => Promise<WebhookOutcome>>;
  testCheckout: TestCheckoutTexts;
};

export type CheckoutPurposes = {
  byPurpose(purpose: string): CheckoutPurpose | undefined;
  /** Our metadata names the purpose; a subscription checkout without it is the subscription purpose's. */
  ofSession(session: Stripe.Checkout.Session): CheckoutPurpose | undefined;
  /** A provider subscription's, by the purpose its metadata names; without one, the subscription purpose's. */
  ofSubscription(purpose: string | null): CheckoutPurpose | undefined;
  byEventType(type: string): ((deps: AppDeps, event: Stripe.Event) => Promise<WebhookOutcome>) | undefined;
};

/** The registry, built once by the composition root (src/server/checkout-purposes.ts). */
export function createCheckoutPurposes(list: CheckoutPurpose[]): CheckoutPurposes {
  const byPurpose = new Map(list.map((p) => [p.purpose, p]));
  if (byPurpose.size !== list.length) throw new Error("two checkout purposes share a name");
  const byEventType = new Map(list.flatMap((p) => Object.entries(p.events ?? {})));
  const subscription = list.find((p) => p.subscription);
  return {
    byPurpose: (purpose) => byPurpose.get(purpose),
    ofSession: (session) =>
      session.metadata?.purpose !== undefined
        ? byPurpose.get(session.metadata.purpose)
        : session.mode === "subscription"
          ? subscription
          : undefined,
    ofSubscription: (purpose) => (purpose !== null ? byPurpose.get(purpose) : subscription),
    byEventType: (type) => byEventType.get(type),
  };
}
