import { z } from "zod";

/**
 * Every error answer: `{ error: { code, message, field?, details? } }`. `message` is the text to
 * show (the spec's words); `field`, when present, names the request field it concerns as the
 * request contract names it ("email", "phone", "termsAccepted", "couponCode"…), so a form can show
 * it beside that input.
 */
export const errorResponse = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Machine-readable error code, e.g. VALIDATION, SLOT_TAKEN" }),
      message: z.string().meta({ description: "The user-facing message" }),
      field: z
        .string()
        .optional()
        .meta({ description: "The request field the error concerns, named as in the request contract" }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date");
export const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Invalid time");
