import { z } from "zod";

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date");
export const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Invalid time");
export const emailString = z.string().trim().max(254).pipe(z.email("Please enter a valid email address"));
