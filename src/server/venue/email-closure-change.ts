import { formatVenueDateShort } from "../../domain/booking-form";
import { formatTimeRange } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import { closureChangeEmail } from "../email/templates/closure-change";
import { absoluteUrl } from "../lib/absolute-url";
import type { VenueIdentity } from "../settings/venue-settings";
import type { Cancelled } from "./cancel-closed-booking";
import { hhmm } from "./closure-impact";
import type { Moved } from "./move-closed-booking";

/** The customer's email saying why their booking moved or was cancelled (and where the money goes). */
export async function emailClosureChange(
  tx: Tx,
  deps: AppDeps,
  venue: VenueIdentity,
  closure: { id: string; reason: string },
  o: Moved | Cancelled,
) {
  const email = o.row.customerEmail;
  if (!email || o.row.status === "pending") return;
  const when = `on ${formatVenueDateShort(o.row.date)} at ${formatTimeRange(hhmm(o.row.startTime), hhmm(o.row.endTime))}`;
  await deps.outbox.enqueue(tx, {
    to: email,
    dedupeKey: `closure-${closure.id}-${o.row.id}`,
    ...closureChangeEmail({
      venueName: venue.venueName,
      phone: venue.phone,
      logoUrl: absoluteUrl(deps.config.publicUrl, venue.logoUrl),
      customerName: o.row.customerName,
      when,
      reason: closure.reason,
      change:
        o.kind === "moved"
          ? { kind: "moved", from: o.from, to: o.to }
          : { kind: "cancelled", refundCents: o.refundCents, paidWhere: o.paidWhere },
      bookUrl: `${deps.config.publicUrl}/book`,
    }),
  });
}
