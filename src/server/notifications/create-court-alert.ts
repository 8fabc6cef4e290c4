import { and, count, eq, gte, sql } from "drizzle-orm";
import type { CourtAlertResponse, CreateCourtAlertRequest } from "../../contracts/notifications";
import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";
import { checkBookingDate } from "../../domain/booking-window";
import {
  ALERT_ADDRESS_WINDOW_MINUTES,
  ALERT_LIMIT_ACTIVE_PER_PERSON,
  ALERT_LIMIT_PER_ADDRESS,
  SLOT_IS_FREE_MESSAGE,
  SLOT_PASSED_MESSAGE,
  tooManyAlertsFromAddressMessage,
  tooManyAlertsMessage,
} from "../../domain/court-alerts";
import type { FacilityType } from "../../domain/durations";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { isOfferedDuration } from "../../domain/rate-card";
import { generateSlots } from "../../domain/slots";
import { isDateString, venueInstant } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { courtAlerts } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError, fieldError } from "../lib/errors";
import { loadBookingRules } from "../settings/booking-rules";
import { loadRateCard } from "../settings/rate-card";
import { loadVenueIdentity } from "../settings/venue-settings";
import { isPhoneProven, type PhoneCodeRequest, requestPhoneCode } from "../sms/phone-proof";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Notify me" on a time with no free court or bay (ISSUE 15 item 2). Refused when the time is free
 * (book it instead), past, or outside the booking window; limited per person and per address, since
 * anyone may ask for anyone's address (docs/decisions/023). Asking twice for one time is one alert.
 */
export async function createCourtAlert(
  deps: AppDeps,
  user: SessionUser | null,
  input: CreateCourtAlertRequest,
  ip: string,
): Promise<CourtAlertResponse> {
  const now = deps.now();
  const facilityType: FacilityType = input.facilityType;
  const card = await loadRateCard(deps.db);
  if (!isOfferedDuration(card, facilityType, input.duration))
    throw fieldError("duration", "Invalid duration");
  if (!isDateString(input.date)) throw fieldError("date", "Invalid date");
  const dateCheck = checkBookingDate(
    input.date,
    now,
    user?.isMember ?? false,
    await loadBookingRules(deps.db),
  );
  if (!dateCheck.ok) throw fieldError("date", dateCheck.message);
  if (venueInstant(input.date, input.startTime).getTime() <= now.getTime()) {
    throw fieldError("startTime", SLOT_PASSED_MESSAGE);
  }
  const email = (user ? user.email : (input.email ?? "")).trim();
  if (!email) throw fieldError("email", BOOKING_FORM_MESSAGES.email);
  if (!EMAIL_RE.test(email)) throw fieldError("email", BOOKING_FORM_MESSAGES.emailFormat);
  const phone = normalizeUsPhone(input.phone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  if (phone.value && !input.smsConsent) throw fieldError("smsConsent", BOOKING_FORM_MESSAGES.smsConsent);

  const context = await loadSlotContext(deps.db, facilityType, input.date, now);
  const slot = generateSlots({
    date: input.date,
    now,
    facilityType,
    durationMinutes: input.duration,
    card: null, // only whether the slot is free is read
    ...context,
  }).find((s) => s.startTime === input.startTime);
  if (!slot) throw fieldError("startTime", BOOKING_FORM_MESSAGES.timeSlot);
  if (slot.isAvailable) throw new AppError("CONFLICT", SLOT_IS_FREE_MESSAGE);

  const venue = await loadVenueIdentity(deps.db, deps.config);
  return deps.db.transaction(async (tx) => {
    // One person's (and one address's) requests take turns, so the counts below hold under a burst.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`court-alert:${email.toLowerCase()}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`court-alert-ip:${ip}`}))`);
    const [existing] = await tx
      .select()
      .from(courtAlerts)
      .where(
        and(
          eq(courtAlerts.status, "active"),
          sql`lower(${courtAlerts.email}) = ${email.toLowerCase()}`,
          eq(courtAlerts.facilityType, facilityType),
          eq(courtAlerts.date, input.date),
          eq(courtAlerts.startTime, input.startTime),
          eq(courtAlerts.duration, input.duration),
        ),
      );
    const [active] = await tx
      .select({ n: count() })
      .from(courtAlerts)
      .where(
        and(eq(courtAlerts.status, "active"), sql`lower(${courtAlerts.email}) = ${email.toLowerCase()}`),
      );
    let row = existing;
    if (!row) {
      if ((active?.n ?? 0) >= ALERT_LIMIT_ACTIVE_PER_PERSON) {
        throw new AppError("RATE_LIMITED", tooManyAlertsMessage(ALERT_LIMIT_ACTIVE_PER_PERSON));
      }
      const since = new Date(now.getTime() - ALERT_ADDRESS_WINDOW_MINUTES * 60_000);
      const [fromAddress] = await tx
        .select({ n: count() })
        .from(courtAlerts)
        .where(and(eq(courtAlerts.clientIp, ip), gte(courtAlerts.createdAt, since)));
      if ((fromAddress?.n ?? 0) >= ALERT_LIMIT_PER_ADDRESS) {
        throw new AppError(
          "RATE_LIMITED",
          tooManyAlertsFromAddressMessage(ALERT_LIMIT_PER_ADDRESS, ALERT_ADDRESS_WINDOW_MINUTES),
          { retryAfter: ALERT_ADDRESS_WINDOW_MINUTES * 60 },
        );
      }
      [row] = await tx
        .insert(courtAlerts)
        .values({
          facilityType,
          date: input.date,
          startTime: input.startTime,
          duration: input.duration,
          email,
          phone: phone.value,
          wantsSms: Boolean(phone.value && input.smsConsent),
          userId: user?.id ?? null,
          clientIp: ip,
          createdAt: now,
        })
        .returning();
    }
    if (!row) throw new AppError("INTERNAL", "Could not save the alert");
    // Issue 30 item 2: consent alone sends no text; a phone not yet proven by this person is sent a
    // code (within the phone's limits) and texted about this alert once the code is entered.
    let proven = false;
    let phoneCode: PhoneCodeRequest | null = null;
    if (row.wantsSms && row.phone) {
      proven = await isPhoneProven(tx, row.phone, email);
      if (!proven) {
        phoneCode = (
          await requestPhoneCode(tx, deps.sms, {
            phone: row.phone,
            email,
            ip,
            venueName: venue.venueName,
            now,
          })
        ).outcome;
      }
    }
    return {
      phoneCode,
      alert: {
        id: row.id,
        facilityType,
        date: row.date,
        startTime: row.startTime.slice(0, 5),
        duration: row.duration,
        email: row.email,
        sms: row.wantsSms && proven,
      },
      activeCount: (active?.n ?? 0) + (existing ? 0 : 1),
      limit: ALERT_LIMIT_ACTIVE_PER_PERSON,
    };
  });
}
