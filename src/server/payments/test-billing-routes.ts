import { Hono } from "hono";
import { cardLabel, readTestCard, type TestCard } from "../../domain/test-card";
import { venueToday } from "../../domain/venue-time";
import type { AppDeps, AppEnv } from "../deps";
import { sameOriginOnly } from "../http/same-origin";
import { loadVenueIdentity } from "../settings/venue-settings";
import { loadTestCard, saveTestCard } from "./test-billing-cards";
import { type BillingPageView, billingPage, messagePage } from "./test-checkout-page";
import type { BillingLink, TestProvider } from "./test-provider";

function testProvider(deps: AppDeps): TestProvider | null {
  if (!deps.config.testCheckoutEnabled || deps.payments?.name !== "test") return null;
  return deps.payments as TestProvider;
}

const cardText = (card: TestCard) =>
  `${cardLabel(card)} · expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;

/** The stand-in page for a link, with the card on file and what was wrong with the last try. */
async function renderBillingPage(
  deps: AppDeps,
  token: string,
  link: BillingLink,
  error: BillingPageView["error"],
): Promise<string> {
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const card = await loadTestCard(deps.db, link.customerId);
  return billingPage({
    token,
    venueName: venue.venueName,
    currentCard: cardText(card),
    returnPath: link.returnPath,
    error,
  });
}

const expiredPage = () =>
  messagePage("Link expired", "This billing link has expired. Open it again from your membership page.", {
    href: "/my-membership",
    label: "Back to your membership",
  });

/**
 * /test-billing/:token — the stand-in for Stripe's billing portal while the test checkout stands in
 * for Stripe (issue 34 item 4; refused in production unless TEST_CHECKOUT=true, as the checkout).
 * The link is signed and short-lived, as a portal session is; saving a card keeps its brand, last
 * four digits and expiry, and returns to the membership page.
 */
export function createTestBillingRoutes() {
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      if (!testProvider(c.get("deps"))) return c.text("Not found", 404);
      c.header("cache-control", "no-store");
      c.header("x-robots-tag", "noindex");
      c.header("referrer-policy", "no-referrer");
      await next();
    })
    .get("/:token", async (c) => {
      const deps = c.get("deps");
      const link = testProvider(deps)?.readBillingLink(c.req.param("token"), deps.now());
      if (!link) return c.html(expiredPage(), 410);
      return c.html(await renderBillingPage(deps, c.req.param("token"), link, null));
    })
    .post("/:token", sameOriginOnly, async (c) => {
      const deps = c.get("deps");
      const now = deps.now();
      const link = testProvider(deps)?.readBillingLink(c.req.param("token"), now);
      if (!link) return c.html(expiredPage(), 410);
      const form = await c.req.parseBody();
      const read = readTestCard(
        { number: String(form.number ?? "").slice(0, 40), expiry: String(form.expiry ?? "").slice(0, 10) },
        venueToday(now),
      );
      if ("error" in read) {
        const error = { message: read.error, field: read.field };
        return c.html(await renderBillingPage(deps, c.req.param("token"), link, error), 400);
      }
      await saveTestCard(deps.db, link.customerId, read.card, now);
      return c.redirect(`${link.returnPath}?card=updated`, 303);
    });
}
