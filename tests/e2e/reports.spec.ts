import { expect, test } from "@playwright/test";
import type { RevenueReport } from "../../src/contracts/reports";
import { formatCents } from "../../src/domain/money";
import { ADMIN, noSeriousAxeFindings, signIn } from "./fixtures";

// Issue 33 item 3: the demo admin (the owner) opens the reports from the side bar and sees the
// revenue of the last 30 days (the demo member's first month is in it) as a figure, a chart and
// tables, and the utilisation heat map; an end before the start is refused on the page. Axe-clean at the project's width.

test("the owner opens the reports: revenue's figure, chart and tables, utilisation's heat map, a refused range", async ({
  page,
  isMobile,
}) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  // On a phone the admin links are in the admin menu's drawer.
  if (isMobile) await page.getByRole("button", { name: "Admin menu" }).click();
  const reply = page.waitForResponse((r) => r.url().includes("/api/admin/reports/revenue"));
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const report = (await (await reply).json()) as RevenueReport;
  expect(report.days).toHaveLength(30);
  expect(report.totals.memberships).toBeGreaterThanOrEqual(7900);

  await expect(page.getByRole("heading", { name: "Revenue" })).toBeVisible();
  await expect(page.getByTestId("revenue-total")).toHaveText(formatCents(report.totals.totalCents));
  const byStream = page.getByRole("table", { name: "Revenue by stream, this period and the period before" });
  await expect(byStream.getByRole("row", { name: /^Memberships/ })).toContainText(
    formatCents(report.totals.memberships),
  );
  await expect(page.getByTestId("revenue-days").getByRole("row")).toHaveCount(31);
  await expect(page.getByRole("img", { name: /Chart of revenue by day/ })).toBeVisible();
  // Utilisation: the courts' heat map, a row per weekday; then one court's.
  const heatMap = page.getByTestId("utilisation-heat-map");
  await expect(heatMap.getByRole("rowheader", { name: "Monday" })).toBeVisible();
  await expect(page.getByTestId("utilisation-row").first()).toContainText("All courts");
  await expect(page.getByTestId("bookings-table").getByRole("rowheader", { name: "Online" })).toBeVisible();
  await expect(page.getByTestId("no-show-rate")).toBeVisible();
  // Members now (the demo has some), coupons, events and customers as tables.
  await expect(
    page.getByTestId("members-table").getByRole("rowheader", { name: "Active members now" }),
  ).toBeVisible();
  for (const table of ["coupons-table", "events-table", "customers-table"])
    await expect(page.getByTestId(table)).toBeAttached();
  await noSeriousAxeFindings(page);
  await page.getByRole("combobox", { name: "Heat map of" }).selectOption({ index: 2 });
  await expect(heatMap.locator("caption")).not.toContainText("All courts");

  await page.getByLabel("To", { exact: true }).fill("2020-01-01");
  await expect(page.getByRole("alert", { name: "Choose another range" })).toContainText(
    "The end date must be on or after the start date.",
  );
});
