import type {
  EventDetailResponse,
  EventListResponse,
  RegistrationCheckoutResponse,
  RegistrationRequest,
  RegistrationResponse,
  RegistrationStatusResponse,
} from "../../../contracts/events";
import { REGISTRATION_TOKEN_HEADER } from "../../../contracts/headers";
import { api } from "../../lib/api";

// The public events screen's calls (src/contracts/events.ts). Every figure comes from the server.

export const eventKeys = {
  all: ["events"] as const,
  list: (userId: string | null) => ["events", "list", userId] as const,
  detail: (id: string, userId: string | null) => ["events", "detail", id, userId] as const,
};

export const fetchEvents = (signal?: AbortSignal) => api<EventListResponse>("/events", { signal });

export const fetchEvent = (id: string, signal?: AbortSignal) =>
  api<EventDetailResponse>(`/events/${encodeURIComponent(id)}`, { signal });

export const registerForEvent = (eventId: string, body: RegistrationRequest) =>
  api<RegistrationResponse>(`/events/${encodeURIComponent(eventId)}/registrations`, { body });

export const startRegistrationCheckout = (registrationId: string, holdToken: string) =>
  api<RegistrationCheckoutResponse>(`/events/registrations/${registrationId}/checkout`, {
    body: { holdToken },
  });

export const cancelRegistration = (registrationId: string, holdToken: string) =>
  api<RegistrationStatusResponse>(`/events/registrations/${registrationId}/cancel`, { body: { holdToken } });

export const fetchRegistrationStatus = (registrationId: string, holdToken: string) =>
  api<RegistrationStatusResponse>(`/events/registrations/${registrationId}`, {
    headers: { [REGISTRATION_TOKEN_HEADER]: holdToken },
  });
