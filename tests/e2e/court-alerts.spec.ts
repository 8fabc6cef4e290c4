import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ADMIN, toast } from "./fixtures";

// ISSUE 15 item 2: every dart bay is taken at one time, so a guest asks to be told when one frees.
// Desktop and phone use their own times on one server.

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test("Notify me on a full time: the form, then the confirmation", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const start = phone ? "20:30" : "20:00";
  const label = phone ? "8:30 PM - 9:00 PM" : "8:00 PM - 8:30 PM";
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: String(baseURL) },
  });
  expect((await admin.post("/api/session/sign-in", { data: ADMIN })).ok()).toBe(true);
  const { today } = await (await admin.get("/api/booking/context")).json();
  // A Friday ahead (open until 22:00), inside the guests' 10-day window.
  let date = addDays(today, 1);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 5) date = addDays(date, 1);
  const filled = await admin.post("/api/admin/reservations", {
    data: {
      facilityType: "dart_bay",
      date,
      customerName: "Darts League",
      startTime: start,
      duration: 30,
      facilityIds: [1, 2, 3, 4],
    },
  });
  expect(filled.ok(), await filled.text()).toBe(true);
  await admin.dispose();

  await page.goto("/book");
  await page.getByRole("radio", { name: "Dart Bay" }).click();
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel(/^Duration/).selectOption("30");
  await expect(page.getByRole("option", { name: new RegExp(`^${label}`) })).toContainText("NOT AVAILABLE");
  await page.getByRole("button", { name: "Notify me" }).click();
  const dialog = page.getByRole("dialog", { name: "Notify me when a time frees" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Time/).selectOption({ label });
  await dialog.getByLabel(/^Email/).fill(`alert-${testInfo.project.name}@example.com`);

  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  await dialog.getByRole("button", { name: "Notify me" }).click();
  await toast(page, `We'll tell alert-${testInfo.project.name}@example.com if a dart bay frees at ${label}`);
  await expect(dialog).toBeHidden();
});
