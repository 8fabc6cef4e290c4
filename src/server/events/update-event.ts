import { eq } from "drizzle-orm";
import type { EventDto, EventInput } from "../../contracts/events";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { events } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { lockCourtScheduleExclusive } from "../kernel/schedule/court-schedule-lock";
import { discardPhoto, readPhoto, type StoredPhoto, storePhoto } from "./event-photo-storage";
import { loadEventDto, lockEvent } from "./event-queries";
import { assertCourtsFree, toEventValues } from "./event-values";

/**
 * SPEC §2 Edit Event / §7 Update events by id: the same checks as create for the one date, the
 * event itself not counted, messages ending "on this date". A new photo replaces photo_url; the
 * old file stays, since recurring occurrences share it.
 */
export async function updateEvent(
  deps: AppDeps,
  id: string,
  input: EventInput,
  photoFile: File | null,
): Promise<EventDto> {
  const values = toEventValues(input);
  const upload = photoFile ? await readPhoto(photoFile) : null;
  const now = deps.now();
  let photo: StoredPhoto | null = null;
  try {
    photo = upload ? await storePhoto(deps.config, upload, now) : null;
    return await deps.db.transaction(async (tx) => {
      if (values.courts.length > 0) await lockCourtScheduleExclusive(tx, [values.date]);
      const current = await lockEvent(tx, id);
      if (!current) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
      await assertCourtsFree(tx, values, [values.date], { excludeEventId: id, now, nameDates: false });
      await tx
        .update(events)
        .set({ ...values, ...(photo ? { photoUrl: photo.url } : {}), updatedAt: now })
        .where(eq(events.id, id));
      return present(await loadEventDto(tx, id, now));
    });
  } catch (err) {
    await discardPhoto(photo);
    throw err;
  }
}
