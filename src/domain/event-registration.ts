import { playerNamesOf } from "./events";

// SPEC §5 Event registration (public) and Admin add registration: the messages in the spec's
// words. The screens check them before calling; the server checks them again (DECISIONS.md).
export const REGISTRATION_MESSAGES = {
  name: "Please enter a customer name",
  email: "Please enter an email address",
  emailFormat: "Please enter a valid email address",
  playerNames: "Please enter player names for your tournament team",
  skillLevel: "Please select a skill level",
  unknownSkillLevel: "Please select one of the event's skill levels",
  adminName: "Customer name is required",
  adminEmail: "Customer email is required",
  full: "Sorry, this event is full",
  held: "The last places are being held by people completing payment. Please try again in a few minutes.",
  ended: "This event has already ended",
  notFound: "Event not found",
  failed: "Failed to register for event",
  holdExpired: "Registration time expired. Please register again.",
  registrationNotFound: "Registration not found",
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type RegistrationFormInput = {
  customerName: string;
  customerEmail: string;
  playerNames?: string | null;
  skillLevel?: string | null;
};

export type RegistrationEventRules = { isPartnered: boolean; skillLevels: readonly string[] };

/** The first problem with the public registration form, or null (SPEC §5, in the spec's order). */
export function checkRegistrationForm(
  input: RegistrationFormInput,
  event: RegistrationEventRules,
): string | null {
  if (input.customerName.trim() === "") return REGISTRATION_MESSAGES.name;
  const email = input.customerEmail.trim();
  if (email === "") return REGISTRATION_MESSAGES.email;
  if (!EMAIL_RE.test(email)) return REGISTRATION_MESSAGES.emailFormat;
  if (event.isPartnered && playerNamesOf(input.playerNames).length === 0) {
    return REGISTRATION_MESSAGES.playerNames;
  }
  if (event.skillLevels.length > 0) {
    const level = input.skillLevel?.trim() ?? "";
    if (level === "") return REGISTRATION_MESSAGES.skillLevel;
    if (!event.skillLevels.includes(level)) return REGISTRATION_MESSAGES.unknownSkillLevel;
  }
  return null;
}

/** SPEC §5 Admin add registration: name and email required; the rest optional. */
export function checkAdminRegistrationForm(input: RegistrationFormInput): string | null {
  if (input.customerName.trim() === "") return REGISTRATION_MESSAGES.adminName;
  const email = input.customerEmail.trim();
  if (email === "") return REGISTRATION_MESSAGES.adminEmail;
  if (!EMAIL_RE.test(email)) return REGISTRATION_MESSAGES.emailFormat;
  return null;
}

/** The price this person pays: the member price for members, otherwise the non-member price. */
export function registrationPriceCents(
  event: { memberPriceCents: number; nonMemberPriceCents: number },
  isMember: boolean,
): number {
  return isMember ? event.memberPriceCents : event.nonMemberPriceCents;
}

/** An empty optional text is stored as null (SPEC §5 Admin add registration). */
export function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** "EV-3F2A9C1D": a registration's short code staff can read over the phone (as a booking's BK-). */
export function registrationReference(registrationId: string): string {
  return `EV-${registrationId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** Issue 34: a registration's manage link works until 7 days after its event ends (as a booking's). */
export const REGISTRATION_LINK_DAYS_AFTER_END = 7;
