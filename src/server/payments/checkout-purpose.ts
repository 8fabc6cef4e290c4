import type Stripe from "stripe";
import type { AppDeps } from "../kernel/deps";
import type { PaymentRow } from "./payment-rows";
import type { WebhookOutcome } from "./webhook-inbox";

export type SessionHandler = (
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
) => Promise<WebhookOutcome>;

/** What the built-in test checkout shows and where it sends the browser, for one purpose. */
export type TestCheckoutSteps = {
  /** The page for an open (or paid, or ended) session: HTML and its status. */
  page(
    deps: AppDeps,
    payment: PaymentRow,
    sessionId: string,
  ): Promise<{ html: string; status: 200 | 404 | 410 }>;
  /**
   * The signed event the provider would send when the page is paid, or a page saying why it cannot
   * be paid (already paid: `redirect`; ended: `html`).
   */
  pay(
    deps: AppDeps,
    payment: PaymentRow,
    sessionId: string,
  ): Promise<
    | { kind: "event"; payload: string; successUrl: string }
    | { kind: "redirect"; url: string }
    | { kind: "page"; html: string; status: 404 | 410 }
  >;
  /** Where Cancel on the page goes. */
  cancelUrl(deps: AppDeps, payment: PaymentRow | undefined, sessionId: string): Promise<string> | string;
};

/**
 * One kind of checkout (payments.purpose): what it does when the provider reports back. Each
 * feature registers its own; the payment spine (webhook inbox, test checkout) dispatches by the
 * session's metadata.purpose and knows none of them.
 */
export type CheckoutPurpose = {
  purpose: string;
  /** A subscription-mode session without our metadata can only be this purpose's. */
  subscription?: boolean;
  /** checkout.session.completed and checkout.session.async_payment_succeeded */
  completed: SessionHandler;
  /** checkout.session.expired */
  expired: SessionHandler;
  /** Other provider events this purpose owns (a subscription's later life), by event type. */
  events?: Record<string, (deps: AppDeps, event: Stripe.Event) => Promise<WebhookOutcome>>;
  testCheckout: TestCheckoutSteps;
};

export type CheckoutPurposes = {
  byPurpose(purpose: string): CheckoutPurpose | undefined;
  /** Our metadata names the purpose; a subscription checkout without it is the subscription purpose's. */
  ofSession(session: Stripe.Checkout.Session): CheckoutPurpose | undefined;
  byEventType(type: string): ((deps: AppDeps, event: Stripe.Event) => Promise<WebhookOutcome>) | undefined;
  /** The test checkout's pages for a session no purpose claims (an unknown or foreign link). */
  fallback: CheckoutPurpose;
};

/** The registry, built once by the composition root (src/server/checkout-purposes.ts). */
export function createCheckoutPurposes(list: CheckoutPurpose[], fallback: string): CheckoutPurposes {
  const byPurpose = new Map(list.map((p) => [p.purpose, p]));
  const byEventType = new Map(list.flatMap((p) => Object.entries(p.events ?? {})));
  const fallbackPurpose = byPurpose.get(fallback);
  if (!fallbackPurpose) throw new Error(`no checkout purpose ${fallback}`);
  const subscription = list.find((p) => p.subscription);
  return {
    byPurpose: (purpose) => byPurpose.get(purpose),
    ofSession: (session) =>
      session.metadata?.purpose !== undefined
        ? byPurpose.get(session.metadata.purpose)
        : session.mode === "subscription"
          ? subscription
          : undefined,
    byEventType: (type) => byEventType.get(type),
    fallback: fallbackPurpose,
  };
}
