import type { RegistrationRequest, RegistrationResponse } from "../../../../contracts/events";
import { api } from "../../../lib/api";

/**
 * POST /api/events/{id}/registrations (SPEC §5 Event registration): confirmed at once when free,
 * else pending with a 15-minute hold. The form's one mutation registers or joins the waitlist
 * (RegistrationForm.tsx), so this is its call, not a hook of its own.
 */
export const registerForEvent = (eventId: string, body: RegistrationRequest) =>
  api<RegistrationResponse>(`/events/${encodeURIComponent(eventId)}/registrations`, { body });
