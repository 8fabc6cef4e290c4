import type { BookingView, ManageLinkResponse } from "../../contracts/manage";
import { venueInstant } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { buildIcs } from "../email/ics";
import { AppError } from "../lib/errors";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { loadVenueIdentity } from "../settings/venue-settings";
import { loadBookingView } from "./get-booking-view";
import type { HoldRow } from "./hold-summary";
import { loadCustomerHold, openManageLink } from "./manage-access";
import { manageLinkPath, mintManageLink } from "./manage-links";

// The read side of issue 14 items 2 and 3: the booking for /success (its hold token or its owner's
// session) and for the manage page (its manage link), and its calendar file.

async function viewOf(deps: AppDeps, hold: HoldRow): Promise<BookingView> {
  const [venue, policy] = await Promise.all([
    loadVenueIdentity(deps.db, deps.config),
    loadSelfServicePolicy(deps.db),
  ]);
  return loadBookingView(deps.db, { hold, venue, policy, now: deps.now() });
}

type Customer = { holdToken: string | null; user: SessionUser | null };

/** /success: the booking just paid for. Pending until the provider's webhook confirms it. */
export async function getConfirmation(deps: AppDeps, holdId: string, who: Customer): Promise<BookingView> {
  return viewOf(deps, await loadCustomerHold(deps.db, holdId, who));
}

/** "Manage booking" on /success: a new manage link, once the booking is confirmed. */
export async function createManageLink(
  deps: AppDeps,
  holdId: string,
  who: Customer,
): Promise<ManageLinkResponse> {
  const hold = await loadCustomerHold(deps.db, holdId, who);
  const view = await viewOf(deps, hold);
  if (view.status === "pending") {
    throw new AppError("CONFLICT", "Your payment is still being confirmed. Please try again in a moment.");
  }
  const link = await mintManageLink(deps.db, hold.id, view.items, deps.now());
  return { path: manageLinkPath(link.token), expiresAt: link.expiresAt.toISOString() };
}

/** The manage page: the booking its link opens (throttled against guessing). */
export async function getManagedBooking(deps: AppDeps, token: string, ip: string): Promise<BookingView> {
  return viewOf(deps, await openManageLink(deps, token, ip));
}

/** "Add to calendar": the booking's confirmed items as one .ics file. */
export async function bookingCalendar(
  deps: AppDeps,
  hold: HoldRow,
): Promise<{ filename: string; body: string }> {
  const view = await viewOf(deps, hold);
  const items = view.items.filter((i) => i.status === "confirmed");
  if (items.length === 0) throw new AppError("NOT_FOUND", "Booking not found");
  const body = buildIcs({
    productName: view.venue.venueName,
    now: deps.now(),
    events: items.map((i) => ({
      uid: `${i.reservationId}@booking`,
      start: venueInstant(i.date, i.startTime),
      end: venueInstant(i.date, i.endTime),
      summary: `${i.facilityName} at ${view.venue.venueName}`,
      location: view.venue.address,
      description: `${i.displayTime} (${i.duration} min). Booking ${view.reference}. ${view.selfService.message}`,
    })),
  });
  return { filename: `booking-${view.reference}.ics`, body };
}
