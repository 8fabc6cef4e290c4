import type { FacilityType } from "../../domain/durations";

// The staff screens' words (SPEC §5 Admin manual reservation, §8 Admin), kept in one place so the
// routes, the use cases and the tests say the same thing.
export const ADMIN_MESSAGES = {
  customerName: "Please enter a customer name",
  timeSlot: "Please select a time slot",
  outsideHours: (hours: string | null) =>
    hours ? `Please select a time within the venue's hours (${hours})` : "The venue is closed on that day",
  facilities: (type: FacilityType) =>
    type === "court" ? "Please select at least one court" : "Please select at least one dart bay",
  email: "Please enter a valid email address",
  duration: "Please select a valid duration",
  pastDate: "You cannot book for past days",
  created: (n: number) => `${n} reservation(s) created successfully`,
  reassignFailed: "Failed to reassign. Please try again.",
  reservationNotFound: "Reservation not found",
  cancelledReassign: "A cancelled reservation cannot be moved",
  facilityInactive: (type: FacilityType) =>
    type === "court" ? "That court is not available" : "That dart bay is not available",
  facilityTaken: (name: string, displayTime: string) => `${name} is not available at ${displayTime}`,
  notRefundable: "This reservation cannot be refunded",
  alreadyRefunded: "This reservation has already been refunded",
  refundFailed: "Failed to process refund",
  statusConflict: "This time is no longer free on that facility, so the reservation cannot be restored",
} as const;
