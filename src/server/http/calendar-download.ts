import { z } from "@hono/zod-openapi";

// An "Add to calendar" answer, the same wherever a booking, reservation or registration offers one.

/** The route's documented 200: an iCalendar file. */
export const calendarResponse = {
  content: { "text/calendar": { schema: z.string() } },
  description: "An iCalendar file",
};

/** The .ics file as a download, never cached by a shared cache. */
export function calendarDownload(
  c: { body: (data: string, status: 200, headers: Record<string, string>) => Response },
  file: { filename: string; body: string },
) {
  return c.body(file.body, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "private, no-store",
  });
}
