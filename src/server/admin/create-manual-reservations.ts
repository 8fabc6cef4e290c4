import { z } from "zod";
import type { ManualReservationRequest, ManualReservationResponse } from "../../contracts/admin";
import { endTimeOf, isAdminSlot } from "../../domain/admin-schedule";
import {
  checkDeskPrice,
  DESK_MESSAGES,
  deskTotalCents,
  isDeskPaymentMethod,
} from "../../domain/desk-payments";
import { isAdminDuration } from "../../domain/durations";
import { compareDates, formatTimeRange, isDateString, venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { endDueHolds } from "../kernel/schedule/expire-holds";
import { eventCourtsDuring, facilitiesByIds } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { recordDeskPayment } from "../payments/record-desk-payment";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { manualReservationEmail } from "./manual-reservation-email";
import { auditReservation } from "./reservation-audit";
import { loadAdminReservation } from "./reservation-dto";

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * SPEC §5 Admin manual reservation ("Add Free Reservation"): one reservation per selected facility,
 * all or none in one transaction, created as DECISIONS.md says — confirmed, payment_status paid,
 * manual_payment_status 'unpaid', price 0, admin-created. Issue 32 item 4: with a price (each
 * facility's, from the rate card or typed by staff) and a method; cash or a card at the desk records
 * one desk payment of the total, and the email becomes the receipt. A facility taken by a reservation (the
 * exclusion constraint) or an event fails the whole request with its name. The confirmation email,
 * when an email was given, is queued in the same transaction.
 */
export async function createManualReservations(
  deps: AppDeps,
  actor: SessionUser,
  input: ManualReservationRequest,
): Promise<ManualReservationResponse> {
  const now = deps.now();
  const type = input.facilityType;
  const customerName = input.customerName.trim();
  const customerEmail = input.customerEmail?.trim() || null;
  const startTime = input.startTime?.trim() || null;
  if (!customerName) throw new AppError("VALIDATION", ADMIN_MESSAGES.customerName);
  if (!startTime) throw new AppError("VALIDATION", ADMIN_MESSAGES.timeSlot);
  const facilityIds = [...new Set(input.facilityIds)];
  if (facilityIds.length === 0) throw new AppError("VALIDATION", ADMIN_MESSAGES.facilities(type));
  if (customerEmail && !isEmail(customerEmail)) throw new AppError("VALIDATION", ADMIN_MESSAGES.email);
  if (!isAdminDuration(type, input.duration)) throw new AppError("VALIDATION", ADMIN_MESSAGES.duration);
  if (!isDateString(input.date)) throw new AppError("VALIDATION", "Invalid date");
  const priceCents = checkDeskPrice(input.priceCents ?? 0);
  if (priceCents === null) throw new AppError("VALIDATION", DESK_MESSAGES.price);
  const method = input.paymentMethod ?? "unpaid";
  if (!isDeskPaymentMethod(method)) throw new AppError("VALIDATION", DESK_MESSAGES.method);
  if (compareDates(input.date, venueToday(now)) < 0)
    throw new AppError("VALIDATION", ADMIN_MESSAGES.pastDate);
  if (!isAdminSlot(startTime, input.duration)) throw new AppError("VALIDATION", ADMIN_MESSAGES.timeSlot);
  const window = { date: input.date, startTime, endTime: endTimeOf(startTime, input.duration) };
  const displayTime = formatTimeRange(window.startTime, window.endTime);
  const venue = customerEmail ? await loadVenueIdentity(deps.db, deps.config) : null;

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await deps.db.transaction(async (tx) => {
        // Holds whose time is up free their courts first (lock order: holds, then reservations).
        await endDueHolds(tx, now);
        const facilities = await facilitiesByIds(tx, type, facilityIds);
        if (facilities.length !== facilityIds.length) {
          throw new AppError("VALIDATION", ADMIN_MESSAGES.facilityInactive(type));
        }
        const eventCourts = type === "court" ? await eventCourtsDuring(tx, window) : new Set<number>();
        const ids: string[] = [];
        for (const facility of facilities) {
          const taken = () =>
            new AppError("SLOT_TAKEN", ADMIN_MESSAGES.facilityTaken(facility.name, displayTime));
          if (eventCourts.has(facility.id)) throw taken();
          try {
            const [row] = await tx.transaction((savepoint) =>
              savepoint
                .insert(reservations)
                .values({
                  date: window.date,
                  facilityType: type,
                  courtId: type === "court" ? facility.id : null,
                  dartBayId: type === "dart_bay" ? facility.id : null,
                  duration: input.duration,
                  startTime: window.startTime,
                  endTime: window.endTime,
                  priceCents,
                  status: "confirmed",
                  paymentStatus: "paid",
                  manualPaymentStatus: method === "unpaid" ? "unpaid" : "paid",
                  isAdminCreated: true,
                  customerName,
                  customerEmail,
                  createdAt: now,
                  updatedAt: now,
                })
                .returning({ id: reservations.id }),
            );
            ids.push(present(row).id);
          } catch (err) {
            if (isExclusionViolation(err)) throw taken();
            throw err;
          }
        }
        const totalCents = deskTotalCents(priceCents, ids.length);
        if (method !== "unpaid" && totalCents > 0) {
          await recordDeskPayment(tx, { amountCents: totalCents, method, reservationIds: ids, now });
        }
        const created = [];
        for (const id of ids) created.push(present(await loadAdminReservation(tx, id)));
        for (const after of created) {
          await auditReservation(tx, {
            action: "create_manual_reservation",
            actorId: actor.id,
            at: now,
            before: null,
            after,
            facts: ["facility", "date", "time", "status", "desk", "priceCents", "method"],
          });
        }
        if (customerEmail && venue) {
          await deps.outbox.enqueue(tx, {
            to: customerEmail,
            ...manualReservationEmail({
              venue,
              customerName,
              reservations: created,
              now,
              payment: { totalCents, method },
            }),
            dedupeKey: `admin-booking-confirmation-${ids[0]}`,
          });
        }
        return {
          created: created.length,
          message: ADMIN_MESSAGES.created(created.length),
          reservations: created,
        };
      });
      await deps.schedule.changed();
      return result;
    } catch (err) {
      if (attempt < 3 && isRetryableTransactionError(err)) continue;
      throw err;
    }
  }
}
