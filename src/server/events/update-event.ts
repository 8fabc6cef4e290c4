import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EventInput, UpdateEventResponse } from "../../contracts/events";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { SERIES_MESSAGES, type SeriesScope, shiftOccurrenceDate } from "../../domain/event-series";
import { events } from "../db/schema";
import type { AppDeps } from "../deps";
import { lockCourtScheduleExclusive } from "../kernel/schedule/court-schedule-lock";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { auditEvent, eventFacts } from "./event-audit";
import { discardPhoto, readPhoto, type StoredPhoto, storePhoto } from "./event-photo-storage";
import { loadAdminEventDto } from "./event-queries";
import { assertCourtsFree, toEventValues } from "./event-values";
import { dissolveLoneSeries, findScopedEvents, lockEventRows } from "./series-scope";
import { refillEventWaitlist } from "./waitlist-offers";

/**
 * SPEC §2 Edit Event / §7 Update events by id: the same checks as create for the one date, the
 * event itself not counted, messages ending "on this date". A new photo replaces photo_url; the
 * old file stays, since recurring occurrences share it.
 *
 * Decision 021: in a series, `scope` reaches this occurrence, this and the following ones, or all
 * of them. Every reached occurrence takes the form's values and moves by as many days as the
 * chosen one; each is checked on its own date (the moving occurrences not counted against each
 * other), all or nothing, and a conflict names its date. "following" from a later occurrence makes
 * those occurrences a series of their own, as calendar apps do.
 */
export async function updateEvent(
  deps: AppDeps,
  actor: { id: string },
  id: string,
  input: EventInput,
  photoFile: File | null,
  scope: SeriesScope = "one",
): Promise<UpdateEventResponse> {
  const values = toEventValues(input);
  const upload = photoFile ? await readPhoto(photoFile) : null;
  const now = deps.now();
  let photo: StoredPhoto | null = null;
  try {
    photo = upload ? await storePhoto(deps.config, upload, now) : null;
    const updated = await deps.db.transaction(async (tx) => {
      const scoped = await findScopedEvents(tx, id, scope);
      if (!scoped) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
      const from = scoped.chosen.date;
      const moves = scoped.targets.map((e) => ({
        id: e.id,
        date: shiftOccurrenceDate(e.date, from, values.date),
      }));
      const ids = moves.map((m) => m.id);
      // The court schedule first (as create and holds take it), then the rows, checked unchanged.
      if (values.courts.length > 0)
        await lockCourtScheduleExclusive(
          tx,
          moves.map((m) => m.date),
        );
      const locked = await lockEventRows(tx, ids);
      if (locked.length === 0) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
      const again = await findScopedEvents(tx, id, scope);
      const sameTargets = again?.targets.map((e) => e.id).join() === ids.join();
      if (locked.length !== ids.length || !sameTargets)
        throw new AppError("CONFLICT", SERIES_MESSAGES.changed);

      for (const move of moves) {
        await assertCourtsFree(tx, values, [move.date], {
          excludeEventIds: ids,
          now,
          nameDates: moves.length > 1,
        });
      }
      const oldSeries = scoped.chosen.seriesId;
      const seriesId = scoped.splits ? randomUUID() : oldSeries;
      for (const move of moves) {
        await tx
          .update(events)
          .set({
            ...values,
            date: move.date,
            seriesId,
            ...(photo ? { photoUrl: photo.url } : {}),
            updatedAt: now,
          })
          .where(eq(events.id, move.id));
      }
      if (scoped.splits) await dissolveLoneSeries(tx, [oldSeries, seriesId]);
      const chosenAfter = moves.find((m) => m.id === id)?.date ?? values.date;
      await auditEvent(tx, {
        action: "update_event",
        actorId: actor.id,
        at: now,
        eventId: id,
        label: `${values.name} · ${chosenAfter}${moves.length > 1 ? ` and ${moves.length - 1} more` : ""}`,
        before: eventFacts(scoped.chosen),
        after: { ...eventFacts({ ...values, date: chosenAfter }) },
      });
      return { event: present(await loadAdminEventDto(tx, id, now)), count: moves.length, ids };
    });
    await deps.schedule.changed();
    // Issue 15 §1: raised capacity frees places for the people waiting.
    for (const eventId of updated.ids) await refillEventWaitlist(deps, eventId);
    const event = (await loadAdminEventDto(deps.db, id, deps.now())) ?? updated.event;
    return { event, count: updated.count };
  } catch (err) {
    await discardPhoto(photo);
    throw err;
  }
}
