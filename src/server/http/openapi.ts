import type { z } from "zod";
import { errorResponse } from "../../contracts/common";

// Small builders for createRoute(): every route validates its input with the shared contract
// and documents its answer, which also feeds /api/openapi.json.

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description = "OK") => ({
  content: { "application/json": { schema } },
  description,
});

export const errorResponses = {
  400: jsonResponse(errorResponse, "Invalid input"),
  401: jsonResponse(errorResponse, "Not signed in"),
  403: jsonResponse(errorResponse, "Not allowed"),
} as const;
