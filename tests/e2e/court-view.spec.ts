import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AvailabilityResponse } from "../../src/contracts/booking";
import { present } from "../../src/server/lib/present";
import { toast } from "./fixtures";

// Issue 34, the per-court view: a player switches from "Any court" to the courts over the day,
// chooses Court 3 at a free time and pays on the test checkout; the hold is on Court 3 and the
// confirmation names it. Desktop and phone (375 px: the grid scrolls in its own box, never the page).

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Its own weekday per project (booking.spec.ts takes the first ones; phone.spec.ts the seventh). */
async function dateFor(request: APIRequestContext, isMobile: boolean): Promise<string> {
  const { today } = (await (await request.get("/api/booking/context")).json()) as { today: string };
  const days = Array.from({ length: 10 }, (_, i) => addDays(today, i + 1)).filter(isWeekday);
  return present(days[(isMobile ? 5 : 4) % days.length]);
}

/** The server's courts for the day and a time Court 3 is free, as the per-court view reads them. */
async function freeOnCourt3(request: APIRequestContext, date: string) {
  const response = await request.get(
    `/api/booking/availability?facilityType=court&date=${date}&duration=60&courts=true`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as AvailabilityResponse;
  const court = present(body.facilities?.find((f) => f.name === "Court 3"));
  // The latest free hour: the day's early ones are where the other specs book.
  const slot = present(body.slots.findLast((s) => s.freeFacilityIds?.includes(court.id)));
  return { court, slot, courts: body.facilities?.length ?? 0 };
}

async function openCourtView(page: Page, date: string) {
  await page.goto("/book");
  await expect(page.getByRole("radio", { name: "Any court" })).toBeChecked();
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel(/^Duration/).selectOption("60");
  await page.getByRole("radio", { name: "By court" }).check();
  const grid = page.getByRole("grid", { name: /^Court and time/ });
  await expect(grid).toBeVisible();
  return grid;
}

test("a player switches to the courts, chooses Court 3 at a free time and pays: the confirmation names Court 3", async ({
  page,
  isMobile,
}) => {
  const date = await dateFor(page.request, isMobile);
  const { court, slot, courts } = await freeOnCourt3(page.request, date);
  const grid = await openCourtView(page, date);

  // A row per court, named by the server.
  await expect(grid.getByRole("rowheader")).toHaveCount(courts);
  await expect(grid.getByRole("rowheader", { name: "Court 3", exact: true })).toBeVisible();
  // One tab stop for the whole grid.
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);

  const cell = grid.getByRole("gridcell", {
    name: new RegExp(`^Court 3, ${literal(slot.displayTime)}, AVAILABLE`),
  });
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  await toast(page, "Item added to cart");
  await expect(cell).toHaveAttribute("aria-selected", "true");
  const item = page.getByTestId("cart-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Court 3");
  await expect(item).toContainText(slot.displayTime);

  if (isMobile) {
    // The page never scrolls sideways; the grid does, in its own box, the courts' names in view.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(present(widths[0])).toBeLessThanOrEqual(present(widths[1]));
    const name = present(await grid.getByRole("rowheader", { name: "Court 3", exact: true }).boundingBox());
    expect(name.x).toBeGreaterThanOrEqual(0);
    expect(name.x + name.width).toBeLessThan(375);
  }

  await page.getByLabel(/^Name/).fill("Casey Court");
  await page.getByLabel(/^Email/).fill("casey-court@example.com");
  await page.getByLabel(/terms and conditions/).check();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByTestId("hold-countdown")).toBeVisible();
  await expect(page.getByTestId("cart-item")).toContainText("Court 3");
  const total = present(await page.getByTestId("order-total").textContent());

  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText("Court 3", { exact: true })).toBeVisible();
  await expect(page.getByText(slot.displayTime)).toBeVisible();

  // The server's record: Court 3 is no longer free at that time.
  const after = await freeOnCourt3(page.request, date);
  expect(after.slot.startTime).not.toBe(slot.startTime);
  expect(court.id).toBe(after.court.id);
});

test("the courts' grid is one tab stop: the arrows move across and down, Space adds, Tab leaves", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a keyboard journey: the desktop project runs it");
  const date = await dateFor(page.request, isMobile);
  const grid = await openCourtView(page, date);
  await page.getByRole("radio", { name: "By court" }).focus();
  await page.keyboard.press("Tab");
  const first = grid.locator('[role="gridcell"][tabindex="0"]');
  await expect(first).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  const focused = grid.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveAttribute("tabindex", "0");
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  // The focus is in the second column of its row.
  expect(await focused.evaluate((td) => (td as HTMLTableCellElement).cellIndex)).toBe(2);
  await page.keyboard.press("Control+End");
  const last = grid.locator("tbody tr").last().locator("td").last();
  await expect(last).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(grid.locator('[role="gridcell"]:focus')).toHaveCount(0);
});
