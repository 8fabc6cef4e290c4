import type {
  AvailabilityResponse,
  BookingContext,
  CancelHoldRequest,
  CancelHoldResponse,
  CancelItemResponse,
  CheckoutResponse,
  CouponCheckRequest,
  CouponCheckResponse,
  CreateHoldRequest,
  CreateHoldResponse,
  HoldSummary,
} from "../../../contracts/booking";
import { HOLD_TOKEN_HEADER } from "../../../contracts/headers";
import type { FacilityType } from "../../../domain/durations";
import { api } from "../../lib/api";

// The booking screen's calls (src/contracts/booking.ts). Every figure comes back from the server.

/** Who the screen books for and which prices it asks for (SPEC §2: /book?member=…, the admin toggle). */
export type Pricing = { memberId: string | null; useNonMemberPricing: boolean };

export type SlotQuery = { facilityType: FacilityType; date: string; duration: number };

export const bookingKeys = {
  context: (userId: string | null, memberId: string | null) =>
    ["booking", "context", userId, memberId] as const,
  /** Every availability list: invalidated after a hold, a cancellation or a forceReload. */
  availabilityAll: ["booking", "availability"] as const,
  availability: (q: SlotQuery, pricing: Pricing) =>
    [
      "booking",
      "availability",
      q.facilityType,
      q.date,
      q.duration,
      pricing.memberId,
      pricing.useNonMemberPricing,
    ] as const,
};

export function fetchBookingContext(memberId: string | null, signal?: AbortSignal) {
  const query = memberId ? `?${new URLSearchParams({ member: memberId })}` : "";
  return api<BookingContext>(`/booking/context${query}`, { signal });
}

/** SPEC §7 Availability lookup: one request per (facility type, date, duration). */
export function fetchAvailability(q: SlotQuery, pricing: Pricing, signal?: AbortSignal) {
  const params = new URLSearchParams({
    facilityType: q.facilityType,
    date: q.date,
    duration: String(q.duration),
  });
  if (pricing.memberId) params.set("member", pricing.memberId);
  if (pricing.useNonMemberPricing) params.set("nonMemberPricing", "true");
  return api<AvailabilityResponse>(`/booking/availability?${params}`, { signal });
}

export const checkCoupon = (body: CouponCheckRequest) =>
  api<CouponCheckResponse>("/booking/coupon-check", { body });

/** previousHoldToken: the hold this tab already has, so the server counts both as one visitor's. */
export const createHold = (body: CreateHoldRequest, previousHoldToken?: string | null) =>
  api<CreateHoldResponse>("/booking/holds", {
    body,
    headers: previousHoldToken ? { [HOLD_TOKEN_HEADER]: previousHoldToken } : undefined,
  });

export const fetchHold = (holdId: string, holdToken: string) =>
  api<HoldSummary>(`/booking/holds/${encodeURIComponent(holdId)}`, {
    headers: { [HOLD_TOKEN_HEADER]: holdToken },
  });

export const startCheckout = (holdId: string, holdToken: string) =>
  api<CheckoutResponse>(`/booking/holds/${encodeURIComponent(holdId)}/checkout`, { body: { holdToken } });

export const cancelHoldItem = (holdId: string, reservationId: string, holdToken: string) =>
  api<CancelItemResponse>(
    `/booking/holds/${encodeURIComponent(holdId)}/items/${encodeURIComponent(reservationId)}/cancel`,
    { body: { holdToken } },
  );

export const cancelHold = (body: CancelHoldRequest) =>
  api<CancelHoldResponse>("/booking/holds/cancel", { body });
