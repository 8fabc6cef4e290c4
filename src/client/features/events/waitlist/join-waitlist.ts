import type { RegistrationRequest } from "../../../../contracts/events";
import type { JoinWaitlistResponse } from "../../../../contracts/waitlist";
import { api } from "../../../lib/api";

// POST /api/events/{id}/waitlist (src/contracts/waitlist.ts).
export const joinWaitlist = (eventId: string, body: RegistrationRequest) =>
  api<JoinWaitlistResponse>(`/events/${encodeURIComponent(eventId)}/waitlist`, { body });
