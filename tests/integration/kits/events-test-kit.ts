import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EventInput, RegistrationRequest, RegistrationResponse } from "../../../src/contracts/events";
import { eventRegistrations, events, payments } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import type { TestProvider } from "../../../src/server/payments/test-provider";
import type { TestApp } from "./harness";

// Shared by the events integration tests (not a test file itself).

/** Wednesday 18 Nov 2026, 9:00 AM in the venue (CST, UTC−6). */
export const NOW = new Date("2026-11-18T15:00:00Z");
/** Monday 23 Nov 2026. */
export const MONDAY = "2026-11-23";

export function eventBody(overrides: Partial<EventInput> = {}): EventInput {
  return {
    name: "Friday Doubles Tournament",
    description: "Bring a partner.",
    type: "tournament",
    date: MONDAY,
    startTime: "17:00",
    endTime: "19:00",
    courts: [1, 2],
    maxParticipants: 16,
    memberPriceCents: 2000,
    nonMemberPriceCents: 2500,
    isPrivate: false,
    isPartnered: false,
    hideParticipants: false,
    skillLevels: [],
    recurrence: null,
    ...overrides,
  };
}

/** An event row inserted directly, for tests about registrations. */
export async function insertEvent(t: TestApp, overrides: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(events)
    .values({
      name: `Event ${randomBytes(3).toString("hex")}`,
      type: "open_play",
      date: MONDAY,
      startTime: "18:00",
      endTime: "20:00",
      courts: [6],
      maxParticipants: 16,
      memberPriceCents: 1000,
      nonMemberPriceCents: 1500,
      ...overrides,
    })
    .returning();
  return present(row);
}

export function registrationBody(overrides: Partial<RegistrationRequest> = {}): RegistrationRequest {
  return {
    customerName: "Jordan Park",
    customerEmail: `jordan-${randomBytes(3).toString("hex")}@example.test`,
    customerPhone: "",
    playerNames: null,
    skillLevel: null,
    ...overrides,
  };
}

type Poster = { post(path: string, body?: unknown): Promise<Response> };

export async function registerOk(client: Poster, eventId: string, body = registrationBody()) {
  const response = await client.post(`/api/events/${eventId}/registrations`, body);
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as RegistrationResponse;
}

export async function checkoutOk(client: Poster, registration: RegistrationResponse) {
  const response = await client.post(`/api/events/registrations/${registration.registrationId}/checkout`, {
    holdToken: registration.holdToken,
  });
  if (response.status !== 200)
    throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { url: string; sessionId: string; provider: string };
}

/** Pays on the built-in test checkout (the same signed webhook path as Stripe). */
export async function payOnTestCheckout(t: TestApp, url: string) {
  return t.request(`${url}/pay`, { method: "POST" });
}

export async function registrationRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
  return present(row);
}

export async function paymentOf(t: TestApp, sessionId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  return present(row);
}

/** A checkout.session.completed body for a registration payment, as Stripe would send it. */
export function completedEvent(
  payment: { id: string; amountCents: number; providerSessionId: string | null },
  options: { eventId?: string; paymentIntent?: string; created: Date },
): string {
  return JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(options.created.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: payment.providerSessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: "usd",
        payment_intent: options.paymentIntent ?? `pi_${randomBytes(8).toString("hex")}`,
        metadata: { purpose: "event_registration", paymentId: payment.id },
      },
    },
  });
}

export function postSignedWebhook(t: TestApp, payload: string, at: Date) {
  return t.request("/api/webhooks/stripe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": (t.deps.payments as TestProvider).sign(payload, at),
    },
    body: payload,
  });
}

/** Bytes that start like the named image format (the server reads only the signature). */
/** 4 x 3 images, real enough to decode (uploads are re-encoded), made with sharp. */
const TINY_IMAGES = {
  png: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNQWlUORww4OQAjeA8lTLOU7AAAAABJRU5ErkJggg==",
  jpeg: "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAJs//9k=",
  gif: "R0lGODlhBAADAIAAAExpcSKqdyH5BAUAAAAALAAAAAAEAAMAAAIDjI9WADs=",
  webp: "UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoEAAMAAUAmJaACdAFAAAD+y6dX//Yzf/89H//no/1DAAAA",
} as const;

/** A real image of the kind, padded with zero bytes to `size` (decoders stop at the image's end). */
export function imageBytes(kind: "png" | "jpeg" | "gif" | "webp", size = 256): Uint8Array {
  const image = Buffer.from(TINY_IMAGES[kind], "base64");
  const bytes = new Uint8Array(Math.max(size, image.length));
  bytes.set(image);
  return bytes;
}

/** The create/edit form as the browser sends it: multipart with "body" (JSON) and "photo". */
export function eventForm(
  body: EventInput,
  photo?: { bytes: Uint8Array; name: string; type: string },
): FormData {
  const form = new FormData();
  form.set("body", JSON.stringify(body));
  if (photo) form.set("photo", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
  return form;
}
