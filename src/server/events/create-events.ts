import { randomUUID } from "node:crypto";
import type { CreateEventsResponse, EventInput } from "../../contracts/events";
import { recurrenceDates } from "../../domain/events";
import { events } from "../db/schema";
import type { AppDeps } from "../deps";
import { lockCourtScheduleExclusive } from "../kernel/schedule/court-schedule-lock";
import { auditEvent, eventFacts } from "./event-audit";
import { discardPhoto, readPhoto, type StoredPhoto, storePhoto } from "./event-photo-storage";
import { assertCourtsFree, toEventValues } from "./event-values";

/**
 * SPEC §7 create-event: one event per occurrence (the first on the chosen date; weekly +7 days,
 * monthly +1 calendar month), all or none. In one transaction, with the courts of every date
 * locked against bookings (court-schedule-lock.ts), each occurrence's courts are checked against
 * reservations, then events; the first conflict refuses the whole request with the spec's message
 * naming its date. The photo is checked by content and stored once, shared by every occurrence.
 * The occurrences share a series id (decision 021), so staff can later edit or delete them together.
 */
export async function createEvents(
  deps: AppDeps,
  actor: { id: string },
  input: EventInput,
  photoFile: File | null,
): Promise<CreateEventsResponse> {
  const values = toEventValues(input);
  const dates = input.recurrence
    ? recurrenceDates(values.date, input.recurrence.frequency, input.recurrence.count)
    : [values.date];
  const upload = photoFile ? await readPhoto(photoFile) : null;
  const now = deps.now();
  const seriesId = dates.length > 1 ? randomUUID() : null;
  let photo: StoredPhoto | null = null;
  try {
    photo = upload ? await storePhoto(deps.config, upload, now) : null;
    const rows = await deps.db.transaction(async (tx) => {
      if (values.courts.length > 0) await lockCourtScheduleExclusive(tx, dates);
      await assertCourtsFree(tx, values, dates, { now, nameDates: true });
      const created = await tx
        .insert(events)
        .values(
          dates.map((date) => ({
            ...values,
            date,
            photoUrl: photo?.url ?? null,
            seriesId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: events.id, date: events.date });
      const first = created[0];
      if (first) {
        await auditEvent(tx, {
          action: "create_event",
          actorId: actor.id,
          at: now,
          eventId: first.id,
          label: `${values.name} · ${dates.length > 1 ? `${dates.length} dates from ${first.date}` : first.date}`,
          before: null,
          after: { ...eventFacts(values), occurrences: dates.length },
        });
      }
      return created;
    });
    await deps.schedule.changed();
    return { count: rows.length, events: rows };
  } catch (err) {
    await discardPhoto(photo);
    throw err;
  }
}
