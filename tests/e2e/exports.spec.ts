import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./fixtures";

// Issue 33 item 4: the owner downloads a date range's bookings as a CSV file whose columns are named
// for people; a range that ends before it starts is explained and offers no download.

test("the owner exports the bookings as CSV; a range ending before it starts offers no download", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/exports");
  await expect(page.getByRole("heading", { name: "Exports" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Bookings CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8").split(/\r?\n/);
  const header = lines[0] ?? "";
  for (const column of ["Booking reference", "Date", "Start", "Court", "Customer", "Email", "Status"]) {
    expect(header).toContain(column);
  }

  const to = await page.getByLabel("To").inputValue();
  const [year, month, day] = to.split("-");
  await page.getByLabel("From").fill(`${Number(year) + 1}-${month}-${day}`);
  await expect(page.getByRole("alert").filter({ hasText: "Choose another range" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download Bookings CSV" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Download Bookings CSV" })).toHaveCount(0);
});
