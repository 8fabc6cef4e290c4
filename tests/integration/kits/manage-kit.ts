import type { BookingView } from "../../../src/contracts/manage";
import { present } from "../../../src/server/lib/present";
import { checkoutOk, createHoldOk, holdBody, item } from "./booking-test-kit";
import type { TestApp, TestClient } from "./harness";

// Shared by the tests of the manage link (not a test file itself): a guest's paid booking with the
// link its confirmation email carries, and the self-service policy set by staff.

let n = 0;

/** A guest books one court slot, pays through the built-in test checkout; returns the email's link. */
export async function paidBookingWithLink(
  t: TestApp,
  options: { date: string; startTime?: string; duration?: number; ip?: string },
) {
  const email = `managed-${process.pid}-${++n}@example.test`;
  const client = t.client(options.ip ? { ip: options.ip } : {});
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email },
      items: [
        item({
          date: options.date,
          startTime: options.startTime ?? "17:00",
          duration: options.duration ?? 60,
        }),
      ],
    }),
  );
  const checkout = await checkoutOk(client, hold);
  const paid = await client.request(`${checkout.url}/pay`, { method: "POST" });
  if (paid.status !== 303) throw new Error(`test checkout answered ${paid.status}`);
  const [mail] = await t.emailsTo(email);
  const token = present(present(mail).textBody.match(/\/manage\/([A-Za-z0-9_-]+)/)?.[1], "manage link");
  const view = (await (await t.request(`/api/booking/manage/${token}`)).json()) as BookingView;
  return { email, client, hold, token, view, item: present(view.items[0]) };
}

/** Staff set the venue's self-service policy (decision 019). */
export async function setSelfServicePolicy(
  admin: TestClient,
  policy: { enabled: boolean; hoursBefore: number; refundPercent: number },
) {
  const response = await admin.put("/api/admin/self-service-policy", policy);
  if (response.status !== 200)
    throw new Error(`policy answered ${response.status}: ${await response.text()}`);
}

/** POST …/reschedule of one item through its manage link. */
export function reschedule(
  t: TestApp,
  token: string,
  body: { reservationId: string; date: string; startTime: string },
  ip?: string,
) {
  return t.request(`/api/booking/manage/${token}/reschedule`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(ip ? { "x-forwarded-for": ip } : {}) },
    body: JSON.stringify(body),
  });
}
