import type { AdminAddRegistrationRequest, AdminRegistration } from "../../contracts/events";
import {
  checkAdminRegistrationForm,
  emptyToNull,
  REGISTRATION_MESSAGES,
} from "../../domain/event-registration";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError, fieldError } from "../lib/errors";
import { present } from "../lib/present";
import { loadVenueIdentity } from "../settings/venue-settings";
import { auditRegistration } from "./event-audit";
import { countTakenPlaces, lockEvent } from "./event-queries";
import { toAdminRegistration } from "./registration-dto";

/**
 * SPEC §4 / §7 Admin add: created directly as confirmed and paid (staff settle at the desk, price
 * 0 online), with empty optional fields stored as null. It takes a place like any registration,
 * under the same event lock, so capacity holds for staff too (docs/decisions/007-events.md).
 */
export async function addRegistration(
  deps: AppDeps,
  actor: { id: string },
  eventId: string,
  input: AdminAddRegistrationRequest,
): Promise<AdminRegistration> {
  const problem = checkAdminRegistrationForm(input);
  if (problem) throw new AppError("VALIDATION", problem);
  const phone = normalizeUsPhone(input.customerPhone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.notFound);
    const skillLevel = emptyToNull(input.skillLevel);
    if (skillLevel && !event.skillLevels.includes(skillLevel)) {
      throw new AppError("VALIDATION", REGISTRATION_MESSAGES.unknownSkillLevel);
    }
    const taken = await countTakenPlaces(tx, event.id, now);
    if (taken.confirmed >= event.maxParticipants) throw new AppError("CONFLICT", REGISTRATION_MESSAGES.full);
    if (taken.confirmed + taken.held >= event.maxParticipants) {
      throw new AppError("CONFLICT", REGISTRATION_MESSAGES.held);
    }
    const [row] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        customerName: input.customerName.trim(),
        customerEmail: input.customerEmail.trim(),
        customerPhone: phone.value,
        playerNames: emptyToNull(input.playerNames),
        skillLevel,
        isMember: input.isMember ?? false,
        status: "confirmed",
        paymentStatus: "paid",
        priceCents: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const registration = present(row);
    await auditRegistration(tx, {
      action: "add_event_registration",
      actorId: actor.id,
      at: now,
      registrationId: registration.id,
      label: `${registration.customerName} · ${event.name} · ${event.date}`,
      before: null,
      after: {
        name: registration.customerName,
        email: registration.customerEmail,
        status: registration.status,
      },
    });
    return toAdminRegistration(registration);
  });
}
