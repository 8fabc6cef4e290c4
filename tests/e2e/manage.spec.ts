import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { present } from "../../src/server/kernel/present";
import { ADMIN, toast } from "./fixtures";

// Issue 14 items 2 and 3 on a phone: a guest books through the test checkout, /success shows the
// court, date and reference, Manage booking opens the manage link, and the guest reschedules and
// then cancels under the venue's policy (on for this test: 24 hours before, 50% back).

test.skip(({ isMobile }) => !isMobile, "The confirmation journey is checked on a phone (375 px).");

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function blockingAxeFindings(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

let admin: APIRequestContext;
const setPolicy = (enabled: boolean) =>
  admin.put("/api/admin/self-service-policy", { data: { enabled, hoursBefore: 24, refundPercent: 50 } });

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  const signedIn = await admin.post("/api/session/sign-in", { data: ADMIN });
  expect(signedIn.ok()).toBe(true);
  expect((await setPolicy(true)).ok()).toBe(true);
});
test.afterAll(async () => {
  await setPolicy(false);
  await admin.dispose();
});

/** A weekday at least three days ahead and inside the guests' window. */
async function weekdayAhead(request: APIRequestContext): Promise<string> {
  const ctx = (await (await request.get("/api/booking/context")).json()) as { today: string };
  for (let i = 6; i >= 3; i--) {
    const d = new Date(`${ctx.today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    if (![0, 6].includes(d.getUTCDay())) return d.toISOString().slice(0, 10);
  }
  throw new Error("no weekday ahead");
}

test("a guest sees the booking on /success, opens the manage link and cancels under the policy", async ({
  page,
}) => {
  const date = await weekdayAhead(page.request);
  await page.goto("/book");
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel(/^Duration/).selectOption("90");
  const slot = page.getByRole("radio", { name: /^4:00 PM - 5:30 PM/ });
  await slot.click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await toast(page, "Item added to cart");
  await page.getByLabel(/^Name/).fill("Riley Guest");
  await page.getByLabel(/^Email/).fill("riley@example.com");
  await page.getByLabel(/terms and conditions/).check();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: "Pay $47.50" }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole("button", { name: "Pay $47.50" }).click();

  // /success: the court, the date and time, the amount and a reference.
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByRole("heading", { name: "Congrats!" })).toBeVisible();
  const items = page.getByRole("list", { name: "Booked items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(/Court \d/);
  await expect(items.first()).toContainText("4:00 PM - 5:30 PM");
  await expect(page.getByTestId("booking-reference")).toHaveText(/^BK-[0-9A-F]{8}$/);
  await expect(page.getByText("Total paid")).toBeVisible();
  const reference = present(await page.getByTestId("booking-reference").textContent());
  expect(await blockingAxeFindings(page)).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toBe(`booking-${reference}.ics`);

  // The manage link: the same booking, directions, the phone, and Cancel under the policy.
  await page.getByRole("button", { name: "Manage booking" }).click();
  await expect(page).toHaveURL(/\/manage\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(page.getByTestId("booking-reference")).toHaveText(reference);
  await expect(page.getByRole("link", { name: "Directions", exact: true })).toHaveAttribute(
    "href",
    /google\.com\/maps/,
  );
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
  await expect(page.getByTestId("self-service-message")).toContainText(
    "You can cancel or reschedule online until",
  );
  expect(await blockingAxeFindings(page)).toEqual([]);

  // Reschedule: the same court type and length, later the same day, at the same price.
  await page.getByRole("button", { name: "Reschedule" }).click();
  const move = page.getByRole("dialog", { name: "Move this time" });
  await expect(move.getByLabel("New date")).toHaveValue(date);
  await move.getByLabel("New time").selectOption({ label: "6:00 PM - 7:30 PM" });
  expect(await blockingAxeFindings(page)).toEqual([]);
  await move.getByRole("button", { name: "Move booking" }).click();
  await toast(page, "Booking moved");
  await expect(page.getByRole("list", { name: "Booked items" })).toContainText("6:00 PM - 7:30 PM");
  await expect(page.getByRole("list", { name: "Booked items" })).toContainText("$47.50");

  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
  await expect(dialog).toContainText("You will get $23.75 back (50% of your payment).");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await toast(page, "Booking cancelled. $23.75 will be refunded.");
  await expect(page.getByText("This booking is cancelled.").first()).toBeVisible();
  await expect(page.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
});
