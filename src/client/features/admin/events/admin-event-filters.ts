import type { EventDto } from "../../../../contracts/events";
import { type EventType, isEventType } from "../../../../domain/events";
import { isDateString } from "../../../../domain/venue-time";

// SPEC §2 Admin events list: the filters live in the URL query, so a reload or a shared link
// brings them back: q, cat (a type or "private"), status (default upcoming), date, hidePrivate=1.

export type StatusFilter = "upcoming" | "completed" | "all";
export type CategoryFilter = "all" | "private" | EventType;

export type AdminEventFilters = {
  q: string;
  cat: CategoryFilter;
  status: StatusFilter;
  date: string | null;
  hidePrivate: boolean;
};

export const DEFAULT_FILTERS: AdminEventFilters = {
  q: "",
  cat: "all",
  status: "upcoming",
  date: null,
  hidePrivate: false,
};

export function parseAdminFilters(params: URLSearchParams): AdminEventFilters {
  const cat = params.get("cat") ?? "all";
  const status = params.get("status") ?? "upcoming";
  const date = params.get("date");
  return {
    q: params.get("q") ?? "",
    cat: cat === "private" || isEventType(cat) ? cat : "all",
    status: status === "completed" || status === "all" ? status : "upcoming",
    date: date && isDateString(date) ? date : null,
    hidePrivate: params.get("hidePrivate") === "1",
  };
}

/** Only what differs from the defaults goes into the URL. */
export function toSearchParams(f: AdminEventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.q !== "") params.set("q", f.q);
  if (f.cat !== "all") params.set("cat", f.cat);
  if (f.status !== "upcoming") params.set("status", f.status);
  if (f.date) params.set("date", f.date);
  if (f.hidePrivate) params.set("hidePrivate", "1");
  return params;
}

export function filterAdminEvents<E extends EventDto>(events: readonly E[], f: AdminEventFilters): E[] {
  const q = f.q.trim().toLowerCase();
  return events.filter(
    (e) =>
      (q === "" || e.name.toLowerCase().includes(q)) &&
      (f.cat === "all" || (f.cat === "private" ? e.isPrivate : e.type === f.cat)) &&
      (f.status === "all" || e.status === f.status) &&
      (f.date === null || e.date === f.date) &&
      !(f.hidePrivate && e.isPrivate),
  );
}
