import type {
  AdminAddRegistrationRequest,
  AdminEventDetailResponse,
  AdminEventListResponse,
  AdminRegistration,
  AvailableCourtsResponse,
  CreateEventsResponse,
  EventDto,
  EventInput,
} from "../../../../contracts/events";
import { ApiError, api } from "../../../lib/api";

// The admin events screens' calls (src/contracts/events.ts).

export const adminEventKeys = {
  all: ["admin-events"] as const,
  list: ["admin-events", "list"] as const,
  detail: (id: string) => ["admin-events", "detail", id] as const,
  courts: (q: CourtsQuery) =>
    ["admin-events", "courts", q.date, q.startTime, q.endTime, q.excludeEventId] as const,
};

type CourtsQuery = { date: string; startTime: string; endTime: string; excludeEventId?: string };

export const fetchAdminEvents = (signal?: AbortSignal) =>
  api<AdminEventListResponse>("/admin/events", { signal });

export const fetchAdminEvent = (id: string, signal?: AbortSignal) =>
  api<AdminEventDetailResponse>(`/admin/events/${encodeURIComponent(id)}`, { signal });

export function fetchAvailableCourts(q: CourtsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ date: q.date, startTime: q.startTime, endTime: q.endTime });
  if (q.excludeEventId) params.set("excludeEventId", q.excludeEventId);
  return api<AvailableCourtsResponse>(`/admin/events/available-courts?${params}`, { signal });
}

export const addRegistration = (eventId: string, body: AdminAddRegistrationRequest) =>
  api<{ registration: AdminRegistration }>(`/admin/events/${eventId}/registrations`, { body });

export const deleteRegistration = (id: string) =>
  api<{ ok: true }>(`/admin/event-registrations/${id}`, { method: "DELETE" });

export const refundRegistration = (id: string, managerPassword: string) =>
  api<{ registration: AdminRegistration }>(`/admin/event-registrations/${id}/refund`, {
    body: { managerPassword },
  });

/** SPEC §7 create-event: the form as JSON in "body", and the photo file in "photo" when chosen. */
export function saveEvent(
  target: { kind: "create" } | { kind: "update"; id: string },
  input: EventInput,
  photo: File | null,
) {
  const form = new FormData();
  form.set("body", JSON.stringify(input));
  if (photo) form.set("photo", photo);
  const path = target.kind === "create" ? "/admin/events" : `/admin/events/${target.id}`;
  return postForm<CreateEventsResponse | { event: EventDto }>(
    path,
    target.kind === "create" ? "POST" : "PUT",
    form,
  );
}

/** A multipart write (the event form with its photo); shared with api/update-event.ts. */
export async function postForm<T>(path: string, method: string, form: FormData): Promise<T> {
  // The shared api() sends JSON; a multipart body goes as it is, so the browser sets its boundary.
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError("Network error. Please check your connection and try again.", 0, "NETWORK");
  }
  const data = (await response.json().catch(() => null)) as {
    error?: { message?: string; code?: string };
  } | null;
  if (!response.ok) {
    throw new ApiError(
      data?.error?.message ?? `Request failed (${response.status})`,
      response.status,
      data?.error?.code ?? "HTTP",
    );
  }
  return data as T;
}
