import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../lib/errors";

/** Who a booking is for, and which prices and booking window apply (SPEC §6, DECISIONS.md). */
export type BookingParty = {
  /** The reservation's user_id: the signed-in user, the member an admin books for, or null for a guest. */
  userId: string | null;
  /** Member prices apply. */
  memberPricing: boolean;
  /** The 14-day window applies (the person booked for is a member). */
  memberWindow: boolean;
  canUseNonMemberPricing: boolean;
  bookingFor: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
  } | null;
};

export type PartyOptions = { memberId?: string | null; useNonMemberPricing?: boolean };

/**
 * - A guest pays non-member prices within 10 days.
 * - A signed-in member pays member prices within 14 days; their reservations carry their id.
 * - An admin who is also a member may ask for non-member prices (the "Use Non-Member Pricing" toggle);
 *   the window stays the member's.
 * - An admin may book for a member (/book?member={userId}): the member's prices and window, and the
 *   reservation belongs to the member. Anyone else asking for that is refused.
 */
export async function resolveBookingParty(
  db: Db,
  viewer: SessionUser | null,
  options: PartyOptions,
): Promise<BookingParty> {
  const toggle = (member: boolean, admin: boolean) =>
    member && !(admin && options.useNonMemberPricing === true);
  if (options.memberId) {
    if (!viewer) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
    if (!viewer.isAdmin) throw new AppError("FORBIDDEN", "Access denied");
    const member = await db.query.users.findFirst({ where: eq(users.id, options.memberId) });
    if (!member?.isMember || member.isFrozen) {
      throw new AppError("NOT_FOUND", "This member was not found or is not an active member");
    }
    return {
      userId: member.id,
      memberPricing: toggle(true, true),
      memberWindow: true,
      canUseNonMemberPricing: true,
      bookingFor: {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phone: member.phone,
      },
    };
  }
  if (!viewer) {
    return {
      userId: null,
      memberPricing: false,
      memberWindow: false,
      canUseNonMemberPricing: false,
      bookingFor: null,
    };
  }
  return {
    userId: viewer.id,
    memberPricing: toggle(viewer.isMember, viewer.isAdmin),
    memberWindow: viewer.isMember,
    canUseNonMemberPricing: viewer.isMember && viewer.isAdmin,
    bookingFor: null,
  };
}
