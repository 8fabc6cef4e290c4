import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { present } from "../../src/server/lib/present";
import { ADMIN, MEMBER, signIn, toast, watchToasts } from "./fixtures";

// SPEC §2 Booking screen and Payment result screens, through the real pages and the built-in test
// checkout. Desktop and phone run one after the other on the same server, so each project books on
// its own dates; every slot count is compared with the count read at the start of the same test.

type Context = { today: string; maxDate: string; horizonDays: number };
type Slot = { startTime: string; availableFacilities: number; priceCents: number };

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

async function bookingContext(request: APIRequestContext): Promise<Context> {
  const response = await request.get("/api/booking/context");
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Weekdays from tomorrow up to the guest horizon: the seed leaves courts free at 16:00 on each. */
function weekdaysAhead(today: string, horizon: number): string[] {
  return Array.from({ length: horizon }, (_, i) => addDays(today, i + 1)).filter(isWeekday);
}

/** Each test and project gets its own weekday, so no run sees another's booking. */
function dateFor(ctx: Context, testInfo: TestInfo, slot: number): string {
  const days = weekdaysAhead(ctx.today, 10);
  const index = (testInfo.project.name === "phone" ? 3 : 0) + slot;
  return present(days[index % days.length]);
}

/** How many courts the server says are open for a 90-minute game at `start` (as a guest sees it). */
async function openCourts(request: APIRequestContext, date: string, start = "16:00"): Promise<number> {
  const response = await request.get(`/api/booking/availability?facilityType=court&date=${date}&duration=90`);
  expect(response.ok()).toBe(true);
  const { slots } = (await response.json()) as { slots: Slot[] };
  return slots.find((s) => s.startTime === start)?.availableFacilities ?? -1;
}

async function chooseSlot(page: Page, date: string, duration: string, time: string) {
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel(/^Duration/).selectOption(duration);
  const slot = page.getByRole("option", { name: new RegExp(`^${time}`) });
  await expect(slot).toBeVisible();
  return slot;
}

async function addCourtToCart(page: Page, date: string) {
  await page.goto("/book");
  await expect(page.getByRole("radio", { name: "Pickleball Court" })).toBeChecked();
  const slot = await chooseSlot(page, date, "90", "4:00 PM - 5:30 PM");
  // SPEC §9 Prices: 90 minutes from 16:00 on a weekday, non-member.
  await expect(slot).toContainText("AVAILABLE");
  await expect(slot).toContainText("$47.50");
  await slot.click();
  await toast(page, "Item added to cart");
  await expect(slot).toHaveAttribute("aria-selected", "true");
  const item = page.getByTestId("cart-item");
  await expect(item).toHaveCount(1);
  for (const text of ["Pickleball Court", "4:00 PM - 5:30 PM", "90 min", "$47.50"]) {
    await expect(item).toContainText(text);
  }
}

async function fillCustomer(page: Page, name: string) {
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill(`${present(name.split(" ")[0]).toLowerCase()}@example.com`);
  await page.getByLabel(/terms and conditions/).check();
}

async function continueToPayment(page: Page) {
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByText("Complete your payment soon to secure your reservation")).toBeVisible();
  const countdown = page.getByTestId("hold-countdown");
  await expect(countdown).toHaveText(/^1[45]:\d\d$/);
  // It ticks every second.
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(present(first), { timeout: 3000 });
  const pending = await page.evaluate(() => sessionStorage.getItem("pendingReservation"));
  const hold = JSON.parse(pending ?? "null") as { holdId: string; holdToken: string; expiresAt: string };
  expect(hold.holdId).toBeTruthy();
  expect(hold.holdToken).toBeTruthy();
  expect(Date.parse(hold.expiresAt)).toBeGreaterThan(Date.now());
  return hold;
}

async function holdStatus(request: APIRequestContext, hold: { holdId: string; holdToken: string }) {
  const response = await request.get(`/api/booking/holds/${hold.holdId}`, {
    headers: { "x-hold-token": hold.holdToken },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { status: string; items: Array<{ status: string }>; totalCents: number };
}

test.describe("booking a court", () => {
  test("the page's frame comes without the app's scripts, which a start script adds, allowed by the CSP", async ({
    page,
  }) => {
    // src/server/http/first-paint.ts: the entry and its chunks are added after the first frame.
    const html = await (await page.request.get("/book")).text();
    expect(html).toContain("Your Game Starts Here");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toMatch(/<script data-entry="\/assets\/index-[^"]+\.js" data-modules="[^"]+">/);
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto("/book");
    await expect(page.getByRole("radio", { name: "Pickleball Court" })).toBeChecked();
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.src),
    );
    expect(scripts).toHaveLength(1);
    expect(refused).toEqual([]);
  });

  test("the screen opens with its time slots: one request for them, no second loading step", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/booking/availability")) asked.push(r.url());
    });
    await page.goto("/book");
    await expect(page.getByRole("radio", { name: "Pickleball Court" })).toBeChecked();
    // The steps and the first day's slots arrive in the same render (BookingPage's useFirstSlots, use-first-slots.ts).
    expect(await page.getByText("Loading available times...").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("facilityType=court");
  });

  test("a guest books 90 minutes at 16:00 with WELCOME10 and pays on the test checkout", async ({
    page,
  }, testInfo) => {
    const ctx = await bookingContext(page.request);
    const date = dateFor(ctx, testInfo, 0);
    const before = await openCourts(page.request, date);
    expect(before).toBeGreaterThan(0);

    await addCourtToCart(page, date);
    await page.getByLabel("Coupon code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, 'Coupon "WELCOME10" applied!');
    await expect(page.getByLabel("Coupon code")).toBeDisabled();
    await expect(page.getByTestId("order-total")).toHaveText("$42.75");

    await fillCustomer(page, "Avery Guest");
    const hold = await continueToPayment(page);
    await expect(page.getByTestId("cart-item")).toContainText(/Court \d/);
    expect(await openCourts(page.request, date)).toBe(before - 1);

    await page.getByRole("button", { name: "Pay $42.75" }).click();
    await expect(page).toHaveURL(/\/test-checkout\//);
    await expect(page.getByRole("note")).toContainText("TEST CHECKOUT");
    await page.getByRole("button", { name: "Pay $42.75" }).click();

    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Congrats!" })).toBeVisible();
    await expect(
      page.getByText("Your reservation has been confirmed! Check your email for notifications."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Book Another Experience" })).toBeEnabled();
    expect(await page.evaluate(() => sessionStorage.getItem("pendingReservation"))).toBeNull();

    // The server's record: the hold is paid, its reservation confirmed, and the court stays taken.
    const paid = await holdStatus(page.request, hold);
    expect(paid.status).toBe("paid");
    expect(paid.items.map((i) => i.status)).toEqual(["confirmed"]);
    expect(paid.totalCents).toBe(4275);
    expect(await openCourts(page.request, date)).toBe(before - 1);

    await page.getByRole("button", { name: "Book Another Experience" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("Cancel on the test checkout lands on /cancel and frees the court again", async ({
    page,
  }, testInfo) => {
    const ctx = await bookingContext(page.request);
    const date = dateFor(ctx, testInfo, 1);
    const before = await openCourts(page.request, date);

    await addCourtToCart(page, date);
    await fillCustomer(page, "Blake Guest");
    const hold = await continueToPayment(page);
    expect(await openCourts(page.request, date)).toBe(before - 1);

    await page.getByRole("button", { name: "Pay $47.50" }).click();
    await expect(page).toHaveURL(/\/test-checkout\//);
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/cancel\?session_id=/);
    await toast(page, "Payment was not completed");
    await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
    await expect(
      page.getByText(
        "Your payment was not completed and no charges were made. Your reservation has been cancelled.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("pendingReservation"))).toBeNull();

    await expect.poll(async () => (await holdStatus(page.request, hold)).status).toBe("cancelled");
    await expect.poll(() => openCourts(page.request, date)).toBe(before);

    await page.getByRole("button", { name: "Book New Reservation" }).click();
    await expect(page).toHaveURL(/\/book$/);
  });

  test("removing the last item in payment mode cancels the hold and leaves payment mode", async ({
    page,
  }, testInfo) => {
    const ctx = await bookingContext(page.request);
    const date = dateFor(ctx, testInfo, 2);
    const before = await openCourts(page.request, date);

    await addCourtToCart(page, date);
    await fillCustomer(page, "Casey Guest");
    await continueToPayment(page);
    // A reload returns to the payment panel while the hold runs (session storage pendingReservation).
    await page.reload();
    await expect(page.getByText("Complete your payment soon to secure your reservation")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $47.50" })).toBeVisible();
    await page.getByRole("button", { name: /^Remove .* from cart$/ }).click();
    await toast(page, "Reservation cancelled");
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("pendingReservation"))).toBeNull();
    await expect.poll(() => openCourts(page.request, date)).toBe(before);
  });
});

test.describe("the day's times (issue 34)", () => {
  test("the grid is one tab stop: the arrow keys move, Space adds and takes out, Tab leaves", async ({
    page,
    isMobile,
  }, testInfo) => {
    test.skip(isMobile, "a keyboard journey: the desktop project runs it");
    const ctx = await bookingContext(page.request);
    await page.goto("/book");
    await page.getByLabel(/^Date/).fill(dateFor(ctx, testInfo, 4));
    const grid = page.getByRole("listbox", { name: /^Time/ });
    await expect(grid.getByRole("option").first()).toBeVisible();
    const stops = grid.locator('[tabindex="0"]');
    await expect(stops).toHaveCount(1);

    // After the duration, the view's switch (one tab stop, "Any court" checked), then the grid.
    await page.getByLabel(/^Duration/).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("radio", { name: "Any court" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(stops).toBeFocused();
    const start = Number(await stops.evaluate((el) => [...(el.parentElement?.children ?? [])].indexOf(el)));
    await page.keyboard.press("ArrowRight");
    const next = grid.getByRole("option").nth(start + 1);
    await expect(next).toBeFocused();
    await expect(stops).toHaveCount(1);
    await page.keyboard.press("End");
    await expect(grid.getByRole("option").last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(grid.getByRole("option").first()).toBeFocused();
    // To the first time that is open (a seeded booking may fill one).
    for (let i = 0; i < 30 && (await grid.locator(":focus").getAttribute("aria-disabled")) === "true"; i++) {
      await page.keyboard.press("ArrowRight");
    }

    await page.keyboard.press("Space");
    await toast(page, "Item added to cart");
    const focused = grid.locator(":focus");
    await expect(focused).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await page.keyboard.press("Enter");
    await toast(page, "Item removed from cart");
    await expect(page.getByTestId("cart-item")).toHaveCount(0);

    await page.keyboard.press("Tab");
    await expect(grid.locator(":focus")).toHaveCount(0);
  });
});

test.describe("payment hold", () => {
  test("when the countdown reaches zero: 'Reservation time expired' and back to the steps", async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    const ctx = await bookingContext(page.request);
    await page.goto("/book");
    await page.getByRole("radio", { name: "Dart Bay" }).click();
    const slot = await chooseSlot(page, dateFor(ctx, testInfo, 2), "30", "12:00 PM - 12:30 PM");
    // SPEC §9 Prices: dart bays are 15 per half hour.
    await expect(slot).toContainText("$15.00");
    await slot.click();
    await fillCustomer(page, "Emery Guest");
    await continueToPayment(page);

    // Watched from before the jump: the toast's 4 s on screen may pass before a check under load.
    const toasts = await watchToasts(page);
    await page.clock.fastForward("15:00");
    await toasts.seen("Reservation time expired");
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toContainText("Dart Bay");
    expect(await page.evaluate(() => sessionStorage.getItem("pendingReservation"))).toBeNull();
  });
});

test.describe("prices and booking window", () => {
  test("a guest cannot go past 10 days; a member sees member prices and 14 days", async ({
    page,
  }, testInfo) => {
    const ctx = await bookingContext(page.request);
    expect(ctx.horizonDays).toBe(10);
    await page.goto("/book");
    await expect(page.getByRole("link", { name: /^Join .+ For Discounts & Perks$/ })).toBeVisible();
    const dateInput = page.getByLabel(/^Date/);

    await dateInput.fill(addDays(ctx.today, 11));
    await toast(page, "You can only book up to 10 days in advance");
    await expect(dateInput).toHaveValue(addDays(ctx.today, 10));
    await dateInput.fill(addDays(ctx.today, -1));
    await toast(page, "You cannot book for past days");
    await expect(dateInput).toHaveValue(ctx.today);

    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/book");
    await expect(page.getByRole("link", { name: /^Click Here For Free .+ Reservations$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /For Discounts & Perks/ })).toHaveCount(0);

    const fourteen = addDays(ctx.today, 14);
    await dateInput.fill(fourteen);
    await expect(dateInput).toHaveValue(fourteen);
    await expect(page.getByRole("option", { name: /AVAILABLE/, disabled: false }).first()).toBeVisible();
    await dateInput.fill(addDays(ctx.today, 15));
    await toast(page, "You can only book up to 14 days in advance");
    await expect(dateInput).toHaveValue(fourteen);

    // SPEC §9 Prices: 90 minutes from 16:00 on a weekday is $40.00 for a member.
    const slot = await chooseSlot(page, dateFor(ctx, testInfo, 0), "90", "4:00 PM - 5:30 PM");
    await expect(slot).toContainText("$40.00");
    await expect(page.getByText("Member prices", { exact: true })).toBeVisible();
    // The customer form starts with the member's own details.
    await expect(page.getByLabel(/^Email/)).toHaveValue(MEMBER.email);
  });

  test("an admin who is a member starts at non-member prices and can switch", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/book");
    const toggle = page.getByRole("switch", { name: "Use Non-Member Pricing" });
    await expect(toggle).toBeChecked();
    const ctx = await bookingContext(page.request);
    const slot = await chooseSlot(page, dateFor(ctx, testInfo, 0), "90", "4:00 PM - 5:30 PM");
    await expect(slot).toContainText("$47.50");
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole("option", { name: /^4:00 PM - 5:30 PM/ })).toContainText("$40.00");
  });
});

test.describe("form validation", () => {
  test("each missing field gets the spec's message, in order", async ({ page }, testInfo) => {
    await page.goto("/book");
    const cont = page.getByRole("button", { name: "Continue to Payment" });

    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, "Please enter a coupon code");
    await page.getByLabel("Coupon code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, "Please add items to your cart before applying a coupon");

    await cont.click();
    await toast(page, "Please accept the terms and conditions");
    await page.getByLabel(/terms and conditions/).check();

    await cont.click();
    await toast(page, "Please enter your name");
    await expect(page.getByLabel(/^Name/)).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel(/^Name/).fill("Devon Guest");

    await cont.click();
    await toast(page, "Please enter your email");
    await page.getByLabel(/^Email/).fill("devon@example.com");

    const phone = page.getByLabel(/^Phone/);
    const consent = page.getByLabel(/SMS/);
    await phone.fill("(312) 555-0188");
    await expect(page.getByText("SMS consent required when phone number is provided")).toBeVisible();
    await cont.click();
    await toast(page, "Please consent to SMS reminders if providing a phone number");
    // Clearing the phone unticks the consent.
    await consent.check();
    await phone.fill("");
    await expect(consent).not.toBeChecked();

    await cont.click();
    await toast(page, "Please add at least one item to your cart");

    // A code the server refuses: its message, and no discount.
    const ctx = await bookingContext(page.request);
    const slot = await chooseSlot(page, dateFor(ctx, testInfo, 1), "90", "4:00 PM - 5:30 PM");
    await slot.click();
    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, 'Coupon "WELCOME10" applied!');
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await toast(page, "Coupon removed");
    await expect(page.getByLabel("Coupon code")).toBeEnabled();
    await page.getByLabel("Coupon code").fill("SUMMER25");
    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, "This coupon has expired");
    await expect(page.getByTestId("order-total")).toHaveText("$47.50");

    await page.getByRole("button", { name: /^Remove .* from cart$/ }).click();
    await toast(page, "Item removed from cart");
    await expect(page.getByTestId("cart-item")).toHaveCount(0);
  });
});
