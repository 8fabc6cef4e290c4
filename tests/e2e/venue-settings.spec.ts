import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn, toast } from "./fixtures";

// Issue 31: staff run the venue's own settings from /admin/settings, on a desktop (1280 px) and a
// phone (375 px). Everything changed here is put back, so the other specs see the demo venue.

const PNG_4x3 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNQWlUORww4OQAjeA8lTLOU7AAAAABJRU5ErkJggg==",
  "base64",
);

/** The most courts free at any time five days from now, as the booking screen's lookup counts them. */
async function mostCourtsFree(page: Page): Promise<number> {
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.get(
    `/api/booking/availability?facilityType=court&date=${date}&duration=60`,
  );
  const { slots } = (await response.json()) as { slots: Array<{ availableFacilities: number }> };
  return Math.max(...slots.map((s) => s.availableFacilities));
}

async function openSection(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

test.describe("staff settings: the venue's identity", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("renaming the venue shows in the page frame at once, a too-light colour is refused", async ({
    page,
  }) => {
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/settings\/venue$/);
    const name = page.getByLabel("Venue name");
    const original = await name.inputValue();
    try {
      await name.fill("Lakeside Pickle Hall");
      await page.getByRole("button", { name: "Save Venue Details" }).click();
      await toast(page, "Venue details saved");
      await expect(page.getByRole("link", { name: "Lakeside Pickle Hall home" })).toBeVisible();

      await page.getByLabel("Brand colour").fill("#ffeb3b");
      await page.getByRole("button", { name: "Save Venue Details" }).click();
      await expect(page.getByText(/The brand colour is too light/).first()).toBeVisible();
    } finally {
      await page.goto("/admin/settings/venue");
      await page.getByLabel("Venue name").fill(original);
      await page.getByLabel("Brand colour").fill("#077352");
      await page.getByRole("button", { name: "Save Venue Details" }).click();
      await toast(page, "Venue details saved");
    }
    await expect(page.getByRole("link", { name: `${original} home` })).toBeVisible();
  });

  test("a logo is uploaded; a text file named .png is refused", async ({ page }) => {
    await page.goto("/admin/settings/venue");
    await page
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<svg/>") });
    await page.getByRole("button", { name: "Upload" }).first().click();
    await expect(page.getByText("The logo must be a JPEG, PNG, GIF or WebP image").first()).toBeVisible();
    await page
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_4x3 });
    await page.getByRole("button", { name: "Upload" }).first().click();
    await toast(page, "Logo uploaded");
    await expect(page.getByRole("img", { name: "Current logo" })).toHaveAttribute(
      "src",
      /\/storage\/venue\/logo-/,
    );
  });

  test("a court is added, renamed and bookable; a name already used is refused; then taken out of use", async ({
    page,
  }, testInfo) => {
    const name = `Court ${testInfo.project.name === "phone" ? "Ten" : "Nine"}`;
    const before = await mostCourtsFree(page);
    await page.goto("/admin/settings/courts");
    await page.getByLabel("New court's name").fill("court 2");
    await page.getByRole("button", { name: "Add Court" }).click();
    await expect(page.getByText('A court named "court 2" already exists')).toBeVisible();
    await page.getByLabel("New court's name").fill(name);
    await page.getByRole("button", { name: "Add Court" }).click();
    await toast(page, `${name} added`);
    const row = page.getByTestId("facility-row").filter({ hasText: name });
    await expect(row).toBeVisible();

    // Availability counts it at once (the booking screen's lookup).
    expect(await mostCourtsFree(page)).toBe(before + 1);
    await row.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel(`New name for ${name}`).fill(`${name} (Show)`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Name saved");
    const renamed = page.getByTestId("facility-row").filter({ hasText: `${name} (Show)` });
    await renamed.getByRole("button", { name: "Deactivate" }).click();
    await expect(renamed.getByText("Inactive")).toBeVisible();
  });

  test("the policies section keeps self-service and reminders", async ({ page }) => {
    await page.goto("/admin/settings/venue");
    await openSection(page, "Policies");
    await expect(page.getByRole("switch", { name: "Let customers cancel online" })).toBeVisible();
  });
});
