import type { HoldItem } from "../../contracts/booking";
import { formatVenueDateShort } from "../../domain/booking-form";
import { formatCents } from "../../domain/money";
import { escapeHtml } from "../email/layout";

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
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<div class="banner" role="note">TEST CHECKOUT — no real payment is taken</div>
<main>${body}</main></body></html>`;
}

export type CheckoutView = {
  sessionId: string;
  venueName: string;
  items: HoldItem[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  /** "5:12 PM": when this session stops taking payment, venue time. */
  expiresAtText: string;
};

export function checkoutPage(view: CheckoutView): string {
  const id = encodeURIComponent(view.sessionId);
  const items = view.items
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.facilityName)}<br><small class="muted">${escapeHtml(
          `${formatVenueDateShort(i.date)} · ${i.displayTime} (${i.duration} min)`,
        )}</small></span><span>${escapeHtml(formatCents(i.priceCents))}</span></li>`,
    )
    .join("");
  const discount =
    view.discountCents > 0
      ? `<div class="row"><span>Discount${view.couponCode ? ` (${escapeHtml(view.couponCode)})` : ""}</span><span>-${escapeHtml(formatCents(view.discountCents))}</span></div>`
      : "";
  return page(
    `Pay ${formatCents(view.totalCents)} — ${view.venueName}`,
    `<div class="card"><h1>${escapeHtml(view.venueName)}</h1>
<p class="muted">Test checkout · session expires at ${escapeHtml(view.expiresAtText)}</p>
<ul>${items}</ul>
<div class="row"><span>Subtotal</span><span>${escapeHtml(formatCents(view.subtotalCents))}</span></div>${discount}
<div class="row total"><span>Total</span><span>${escapeHtml(formatCents(view.totalCents))}</span></div>
<form method="post" action="/test-checkout/${id}/pay"><button class="pay" type="submit">Pay ${escapeHtml(formatCents(view.totalCents))}</button></form>
<form method="post" action="/test-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p class="note">This page stands in for the card payment provider while none is configured. Pay confirms the booking through the same signed webhook a real payment would.</p></div>`,
  );
}

export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return page(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(message)}</p>
<a class="button pay" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`,
  );
}

export type SubscriptionCheckoutView = {
  sessionId: string;
  venueName: string;
  clubName: string;
  planLabel: string;
  /** "$79.00/month" */
  priceText: string;
  email: string;
  /** "December 18, 2026": when the simulated subscription would bill next. */
  nextBillingText: string;
  expiresAtText: string;
};

/** The test checkout for a membership: a simulated subscription, clearly not a real one. */
export function subscriptionCheckoutPage(view: SubscriptionCheckoutView): string {
  const id = encodeURIComponent(view.sessionId);
  return page(
    `Subscribe — ${view.clubName}`,
    `<div class="card"><h1>${escapeHtml(view.clubName)}</h1>
<p class="muted">${escapeHtml(view.venueName)} · test subscription checkout · open until ${escapeHtml(view.expiresAtText)}</p>
<ul><li><span>${escapeHtml(`${view.planLabel} membership`)}<br><small class="muted">${escapeHtml(view.email)}</small></span><span>${escapeHtml(view.priceText)}</span></li></ul>
<div class="row"><span>Next billing date</span><span>${escapeHtml(view.nextBillingText)}</span></div>
<div class="row total"><span>Due today</span><span>${escapeHtml(view.priceText)}</span></div>
<form method="post" action="/test-checkout/${id}/pay"><button class="pay" type="submit">Subscribe ${escapeHtml(view.priceText)}</button></form>
<form method="post" action="/test-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p class="note">This page stands in for the card payment provider while none is configured. Subscribe creates the membership through the same signed webhook a real subscription would.</p></div>`,
  );
}
