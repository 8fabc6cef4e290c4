import type {
  BookFreeReservationRequest,
  BookFreeReservationResponse,
  CreateMembershipSessionRequest,
  FreeSlotsResponse,
  MembershipSessionResponse,
  MyReservationsResponse,
} from "../../../contracts/membership";
import { api } from "../../lib/api";

// The membership screens' calls (src/contracts/membership.ts). The server decides every figure:
// the allowance, the times offered, the groups.

export const membershipKeys = {
  freeSlots: (userId: string | null, date: string | null) =>
    ["membership", "free-slots", userId, date] as const,
  freeSlotsAll: ["membership", "free-slots"] as const,
  myReservations: (userId: string | null) => ["membership", "my-reservations", userId] as const,
};

export const startMembershipCheckout = (body: CreateMembershipSessionRequest) =>
  api<MembershipSessionResponse>("/membership/checkout", { body });

export function fetchFreeSlots(date: string | null, signal?: AbortSignal) {
  const query = date ? `?${new URLSearchParams({ date })}` : "";
  return api<FreeSlotsResponse>(`/membership/free-reservations${query}`, { signal });
}

export const bookFreeReservation = (body: BookFreeReservationRequest) =>
  api<BookFreeReservationResponse>("/membership/free-reservations", { body });

export const fetchMyReservations = (signal?: AbortSignal) =>
  api<MyReservationsResponse>("/me/reservations", { signal });

/** "Add to calendar": served by the server for the owner only. */
export const calendarUrl = (kind: "reservation" | "registration", id: string) =>
  kind === "reservation"
    ? `/api/me/reservations/${encodeURIComponent(id)}/calendar`
    : `/api/me/event-registrations/${encodeURIComponent(id)}/calendar`;
