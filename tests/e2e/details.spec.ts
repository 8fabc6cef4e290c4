import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { present } from "../../src/server/lib/present";
import { ADMIN, MEMBER, signIn, toast, toastsGone } from "./fixtures";

// Issue 34 item 5: the details a player or the staff notice, through the real pages at both sizes.

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

async function today(request: APIRequestContext): Promise<string> {
  return ((await (await request.get("/api/booking/context")).json()) as { today: string }).today;
}

/** A weekday of the next fortnight kept for this test and project (the seed leaves 16:00 free). */
async function quietWeekday(request: APIRequestContext, testInfo: TestInfo, slot: number) {
  const start = await today(request);
  const days = Array.from({ length: 9 }, (_, i) => addDays(start, i + 1)).filter(
    (d) => ![0, 6].includes(weekday(d)),
  );
  return days[((testInfo.project.name === "phone" ? 3 : 0) + slot) % days.length] ?? start;
}

/** A guest's paid booking made through the API and the test checkout: two back-to-back hours. */
async function paidTwoHourBooking(page: Page, testInfo: TestInfo, date: string, email: string) {
  const origin = new URL(testInfo.project.use.baseURL ?? "").origin;
  const hold = await page.request.post("/api/booking/holds", {
    data: {
      items: [
        { facilityType: "court", date, startTime: "16:00", duration: 60 },
        { facilityType: "court", date, startTime: "17:00", duration: 60 },
      ],
      customer: { name: "Split Tester", email, termsAccepted: true, smsConsent: false },
    },
  });
  expect(hold.status()).toBe(201);
  const { holdId, holdToken } = (await hold.json()) as { holdId: string; holdToken: string };
  const checkout = await page.request.post(`/api/booking/holds/${holdId}/checkout`, { data: { holdToken } });
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(`${url}/pay`, { headers: { origin }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

/** Which of these controls a toast lies over (none may be). */
async function underToasts(page: Page, names: string[]): Promise<string[]> {
  const covered: string[] = [];
  const toasts = await page.locator(".mantine-Notification-root").all();
  for (const name of names) {
    const box = await page.getByRole("button", { name, exact: true }).boundingBox();
    for (const t of toasts) {
      const r = await t.boundingBox();
      if (
        box &&
        r &&
        box.x < r.x + r.width &&
        box.x + box.width > r.x &&
        box.y < r.y + r.height &&
        box.y + box.height > r.y
      )
        covered.push(name);
    }
  }
  return covered;
}

test.describe("a signed-in payer", () => {
  test("reads Payment successful! above the receipt a guest gets", async ({ page }, testInfo) => {
    const date = await quietWeekday(page.request, testInfo, 4);
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/book");
    await page.getByLabel(/^Date/).fill(date);
    await page.getByRole("option", { name: /^4:00 PM - 5:00 PM/ }).click();
    // Another address for the confirmation, so the demo member's mailbox stays as other tests read it.
    await page.getByLabel(/^Email/).fill(`paid-member-${testInfo.project.name}@example.test`);
    await page.getByLabel(/SMS/).check(); // the member's own phone is filled in
    await page.getByLabel(/terms and conditions/).check();
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/test-checkout\//);
    await page.getByRole("button", { name: /^Pay \$/ }).click();

    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    await expect(page.getByTestId("booking-reference")).toHaveText(/^BK-/);
    await expect(page.getByRole("list", { name: "Booked items" })).toContainText("4:00 PM - 5:00 PM");
    // The receipt is read, not glanced at: its lines are in the text's own colour, not dimmed.
    const color = await page
      .getByRole("list", { name: "Booked items" })
      .locator("p")
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe(await page.locator("body").evaluate((el) => getComputedStyle(el).color));
    await expect(page).toHaveURL(/\/success/);
    await expect(page.getByRole("button", { name: "My Reservations" })).toBeVisible();
  });
});

test.describe("addresses and titles", () => {
  test("an unknown address answers 404 with the app's Page not found; each page has its own title", async ({
    page,
  }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found · /);

    expect((await page.request.get("/events")).status()).toBe(200);
    await page.goto("/events");
    await expect(page).toHaveTitle(/^Upcoming Events · /);
    // The title above is the server's; the list is still arriving, and on a phone the link is the
    // footer's, which the list pushes down as it fills in: a press that lands as it moves ends off
    // the link. A person taps once the page has settled.
    await expect(page.getByRole("status", { name: "Loading events" })).toHaveCount(0);
    await page.getByRole("link", { name: "Member Login" }).first().click();
    // The page first, then its title: a title check that fails walks the whole page on every try
    // (Playwright's failure snapshot), which on a loaded machine delays the very render it awaits.
    await expect(page.getByRole("heading", { name: "Member Login" })).toBeVisible();
    await expect(page).toHaveTitle(/^Member Login · /);
    await page.goto("/book");
    await expect(page).toHaveTitle(/^Book a Court or Dart Bay · /);
  });
});

test.describe("toasts", () => {
  test("a toast pushes the page down instead of covering a control", async ({ page }, testInfo) => {
    const date = await quietWeekday(page.request, testInfo, 5);
    await page.goto("/book");
    await page.getByLabel(/^Date/).fill(date);
    await page.getByRole("option", { name: /^4:00 PM - 5:00 PM/ }).click();
    await toast(page, "Item added to cart");
    await page.getByLabel("Coupon code").fill("NOPE-NOT-A-CODE");
    await page.getByRole("button", { name: "Continue to Payment" }).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole("button", { name: "Apply" }).click();
    await toast(page, "Invalid coupon code");
    // The toasts are in the sticky header, and the page moved down under them rather than scrolling
    // beneath: what was in view stays in view, and no button in view is under a toast.
    expect(await page.locator("header .mantine-Notification-root").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    expect(await underToasts(page, ["Apply", "Continue to Payment"])).toEqual([]);
    // The header's own controls stay where a finger finds them.
    const menu = testInfo.project.name === "phone" ? "Open menu" : null;
    if (menu) await expect(page.getByRole("button", { name: menu })).toBeInViewport();
  });
  test("a press on Continue to Payment just after typing a coupon stays on the button", async ({
    page,
  }, testInfo) => {
    const date = await quietWeekday(page.request, testInfo, 5);
    await page.goto("/book");
    await page.getByLabel(/^Date/).fill(date);
    await page.getByRole("option", { name: /^4:00 PM - 5:00 PM/ }).click();
    await toast(page, "Item added to cart");
    await page.getByLabel(/^Name/).fill("Pat Press");
    await page.getByLabel(/^Email/).fill("pat-press@example.com");
    await page.getByLabel(/terms and conditions/).check();
    await page.getByLabel("Coupon code").fill("WELCOME10");
    // The cart's toast leaving would move the page too: this is about the press alone.
    await toastsGone(page);
    const button = page.getByRole("button", { name: "Continue to Payment" });
    await button.scrollIntoViewIfNeeded();
    const box = present(await button.boundingBox());
    const held = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/booking/holds",
    );
    // The press leaves the coupon field. Had leaving it applied the code, the answer (a toast in the
    // header's lane, the discount row) would push the button down before the press ends.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(500); // a press lasts a moment: time enough for that answer
    await page.mouse.up();
    await expect(page.getByRole("heading", { name: "Secure Payment" })).toBeFocused();
    expect((await held).status()).toBe(201);
    await expect(page.getByText(/^Discount \(WELCOME10\)$/)).toBeVisible();
  });
});

test.describe("events list", () => {
  test("the view switch's highlight sits exactly on the chosen option", async ({ page }) => {
    await page.goto("/events");
    const control = page.locator(".mantine-SegmentedControl-root").first();
    await control.getByText("Calendar").click();
    await page.waitForTimeout(300); // the highlight slides (150 ms)
    const [indicator, active] = await control.evaluate((root) => {
      const box = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r ? [r.left, r.top, r.width, r.height].map(Math.round) : [];
      };
      const label = [...root.querySelectorAll("label")].find((l) => l.textContent === "Calendar");
      return [
        box(root.querySelector(".mantine-SegmentedControl-indicator")),
        box(label?.parentElement ?? null),
      ];
    });
    expect(indicator).toEqual(active);
  });
});

test.describe("staff screens", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("coupons past their end say Expired; phones read (512) 555-0100", async ({ page }) => {
    await page.goto("/admin/coupons");
    await expect(page.getByTestId("coupon-row").filter({ hasText: "SUMMER25" })).toContainText("Expired");
    await page.goto("/admin/members");
    await expect(page.getByText("(512) 555-0100").first()).toBeVisible();
    await expect(page.getByText("+15125550100")).toHaveCount(0);
  });

  test("a free member booking reads Free, not Paid", async ({ page }) => {
    const start = await today(page.request);
    const tuesday = Array.from({ length: 8 }, (_, i) => addDays(start, i + 1)).find((d) => weekday(d) === 2);
    await page.goto(`/admin?date=${tuesday}`);
    const row = page.getByTestId("reservation-row").filter({ hasText: "Morgan Lee" }).first();
    await expect(row).toContainText("Free");
    await page.goto(`/admin?date=${tuesday}&view=grid`);
    await page.getByRole("button", { name: /^Morgan Lee, Court 4/ }).click();
    const details = page.getByRole("dialog", { name: "Reservation Details" });
    await expect(details).toContainText("Payment Status");
    await expect(details).toContainText("Free");
    await expect(details).not.toContainText("paid");
  });

  test("the grid shows a block's full name on hover and focus, and warns before splitting a booking", async ({
    page,
  }, testInfo) => {
    const date = await quietWeekday(page.request, testInfo, 6);
    await paidTwoHourBooking(page, testInfo, date, `split-${testInfo.project.name}@example.test`);
    await page.goto(`/admin?date=${date}&view=grid`);
    const block = page.getByRole("button", { name: /^Split Tester, Court \d+, 4:00 PM - 5:00 PM/ });
    const fits = () =>
      block.evaluate((el) => {
        const title = el.querySelector("span");
        return (title?.scrollWidth ?? 0) <= el.getBoundingClientRect().width + 1;
      });
    await block.focus();
    expect(await fits()).toBe(true);
    await page.mouse.move(0, 0);
    await block.hover();
    expect(await fits()).toBe(true);

    await block.click();
    await page.getByRole("button", { name: "Edit reservation" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Reservation" });
    await expect(edit.getByTestId("split-warning")).toHaveCount(0);
    const court = edit.getByLabel("Court", { exact: true });
    const current = await court.inputValue();
    const other = await court
      .locator("option")
      .evaluateAll(
        (options, keep) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== keep),
        current,
      );
    await court.selectOption(other ?? "");
    await expect(edit.getByTestId("split-warning")).toContainText(
      /This booking continues on Court \d+ at 5:00 PM - 6:00 PM/,
    );
    await edit.getByRole("button", { name: "Cancel" }).click();
  });
});
