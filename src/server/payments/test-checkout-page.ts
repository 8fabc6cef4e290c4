import { formatCents } from "../../domain/money";
import type { StoredCheckout } from "../db/schema";
import { escapeHtml } from "../lib/escape-html";

// The built-in test checkout's pages (DECISIONS.md): server-rendered, every value escaped, no
// script at all (the CSP allows none inline), readable on a 375-px phone.

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1f2933;background:#f5f7fa;line-height:1.45}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px 16px;font-weight:700;letter-spacing:.02em}
main{max-width:480px;margin:0 auto;padding:20px 16px 40px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#52606d;font-size:.9rem;margin:0 0 16px}
ul{list-style:none;padding:0;margin:0 0 16px}li{display:flex;justify-content:space-between;gap:12px;
padding:10px 0;border-bottom:1px solid #e4e7eb}li span:first-child{min-width:0;overflow-wrap:anywhere}li span:last-child{white-space:nowrap}
.row{display:flex;justify-content:space-between;padding:4px 0}.total{font-size:1.2rem;font-weight:700;
border-top:2px solid #1f2933;margin-top:8px;padding-top:10px}
form{margin:0}button,.button{display:block;width:100%;min-height:48px;border:0;border-radius:8px;font-size:1rem;
font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:14px}
.pay{background:#2563eb;color:#fff;margin-top:20px}.cancel{background:#e4e7eb;color:#1f2933;margin-top:10px}
.note{font-size:.85rem;color:#52606d;margin-top:16px;text-align:center}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<div class="banner" role="note">TEST CHECKOUT — no real payment is taken</div>
<main>${body}</main></body></html>`;
}

export type CheckoutView = {
  sessionId: string;
  venueName: string;
  checkout: StoredCheckout;
  totalCents: number;
  /** When this session stops taking payment, venue time: "5:12 PM", or "Nov 28, 3:00 PM" for a subscription. */
  expiresAtText: string;
  /** A subscription: "December 18, 2026", when it would bill next. */
  nextBillingText: string | null;
};

/** The one test checkout page, for every purpose: the stored line items, the total, Pay and Cancel. */
export function checkoutPage(view: CheckoutView): string {
  const { checkout } = view;
  const id = encodeURIComponent(view.sessionId);
  const money = (cents: number) =>
    escapeHtml(`${formatCents(cents)}${checkout.recurring ? `/${checkout.recurring.interval}` : ""}`);
  const items = checkout.lineItems
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.name)}<br><small class="muted">${escapeHtml(i.description)}</small></span><span>${money(i.amountCents)}</span></li>`,
    )
    .join("");
  const subtotalCents = checkout.lineItems.reduce((sum, i) => sum + i.amountCents, 0);
  const rows = [
    checkout.recurring ? "" : row("Subtotal", money(subtotalCents)),
    checkout.discountCents > 0
      ? row(
          `Discount${checkout.couponCode ? ` (${escapeHtml(checkout.couponCode)})` : ""}`,
          `-${escapeHtml(formatCents(checkout.discountCents))}`,
        )
      : "",
    view.nextBillingText ? row("Next billing date", escapeHtml(view.nextBillingText)) : "",
  ].join("");
  const [verb, totalLabel, intro] = checkout.recurring
    ? ["Subscribe", "Due today", "Test subscription checkout · open until"]
    : ["Pay", "Total", "Test checkout · session expires at"];
  return page(
    `${verb} ${formatCents(view.totalCents)} — ${view.venueName}`,
    `<div class="card"><h1>${escapeHtml(view.venueName)}</h1>
<p class="muted">${intro} ${escapeHtml(view.expiresAtText)}</p>
<ul>${items}</ul>${rows}
<div class="row total"><span>${totalLabel}</span><span>${money(view.totalCents)}</span></div>
<form method="post" action="/test-checkout/${id}/pay"><button class="pay" type="submit">${verb} ${money(view.totalCents)}</button></form>
<form method="post" action="/test-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p class="note">This page stands in for the card payment provider while none is configured. ${verb} completes the checkout through the same signed webhook a real payment would.</p></div>`,
  );
}

const row = (label: string, value: string) =>
  `<div class="row"><span>${label}</span><span>${value}</span></div>`;

export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return page(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(message)}</p>
<a class="button pay" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`,
  );
}

export type BillingPageView = {
  token: string;
  venueName: string;
  /** "Visa •••• 4242 · expires 12/2034": the card on file. */
  currentCard: string;
  returnPath: string;
  error: { message: string; field: "number" | "expiry" } | null;
};

/** The stand-in for Stripe's billing portal (issue 34 item 4): change the membership's card. */
export function billingPage(view: BillingPageView): string {
  const token = encodeURIComponent(view.token);
  const invalid = (field: "number" | "expiry") =>
    view.error?.field === field ? ' aria-invalid="true" aria-describedby="card-error"' : "";
  const error = view.error
    ? `<p id="card-error" role="alert" style="color:#b42318;font-weight:600">${escapeHtml(view.error.message)}</p>`
    : "";
  const input =
    "width:100%;min-height:44px;font-size:1rem;padding:8px;border:1px solid #7b8794;border-radius:6px";
  return page(
    `Update your card — ${view.venueName}`,
    `<div class="card"><h1>Update your card</h1>
<p class="muted">${escapeHtml(view.venueName)} · test billing page</p>
<div class="row"><span>Card on file</span><span>${escapeHtml(view.currentCard)}</span></div>
<form method="post" action="/test-billing/${token}">
<p><label for="number" style="display:block;font-weight:600">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"${invalid("number")} style="${input}"></p>
<p><label for="expiry" style="display:block;font-weight:600">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/30"${invalid("expiry")} style="${input}"></p>
${error}<button class="pay" type="submit">Save card</button></form>
<a class="button cancel" href="${escapeHtml(view.returnPath)}">Back without changing</a>
<p class="note">This page stands in for the payment provider's billing portal while none is configured. Use a test number such as 4242 4242 4242 4242; no card is charged.</p></div>`,
  );
}
