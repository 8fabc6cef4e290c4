import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorField } from "./api";

// The server's error body, as the browser receives it: `{ error: { code, message, field? } }`.
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function failure(): Promise<unknown> {
  return api("/booking/holds", { body: {} }).then(
    () => null,
    (err: unknown) => err,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ApiError carries the field the server names", () => {
  it("keeps code, message and field, and a form finds its own field by name", async () => {
    answer(400, {
      error: { code: "VALIDATION", message: "Please enter a valid email address", field: "email" },
    });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION", field: "email" });
    expect(errorField(err, ["name", "email"] as const)).toBe("email");
    expect(errorField(err, ["name", "phone"] as const)).toBeNull();
  });

  it("has no field when the server names none, or sends something that is not a name", async () => {
    answer(409, { error: { code: "SLOT_TAKEN", message: "Court time … is no longer available" } });
    expect(errorField(await failure(), ["email"] as const)).toBeNull();
    answer(400, { error: { code: "VALIDATION", message: "x", field: 42 } });
    expect(await failure()).toMatchObject({ field: undefined });
    expect(errorField(new Error("not from the server"), ["email"] as const)).toBeNull();
  });
});
