import type { EventInput } from "../../../../../contracts/events";
import { ApiError } from "../../../../lib/api";

/** SPEC §7 create-event and update-event: the form as JSON in "body", the photo file in "photo" when chosen. */
export function eventFormData(input: EventInput, photo: File | null): FormData {
  const form = new FormData();
  form.set("body", JSON.stringify(input));
  if (photo) form.set("photo", photo);
  return form;
}

/** A multipart write (the event form with its photo), answered and failing as the shared api() does. */
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
