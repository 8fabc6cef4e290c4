import { expect, test } from "@playwright/test";
import { present } from "../../src/server/lib/present";
import { ADMIN, noSeriousAxeFindings, signIn, toast } from "./fixtures";

// Issue 33: the owner invites a front-desk person by email; they set a password from the emailed
// link, sign in, see the desk's screens and cannot open the venue's settings.

test("the owner invites a front-desk person, who signs in and cannot open settings", async ({
  page,
  browser,
}, testInfo) => {
  const email = `desk-${testInfo.project.name}-${Date.now()}@example.test`;
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("front_desk");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await toast(page, `Invitation sent to ${email}`);
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toContainText("Front desk");
  await noSeriousAxeFindings(page);

  // The invitation email's link, opened in another browser.
  const mails = (await (await page.request.get("/dev/mailbox/messages.json")).json()) as Array<{
    to: string;
    text: string;
  }>;
  const mail = present(mails.find((m) => m.to === email));
  const link = new URL(present(/https?:\/\/\S+\/staff-invite\?token=\S+/.exec(mail.text))[0]);
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const desk = await context.newPage();
  await desk.goto(link.pathname + link.search);
  await expect(desk.getByRole("heading", { name: "Join the Staff" })).toBeVisible();
  await expect(desk.getByText(`invited ${email} as Front desk`)).toBeVisible();
  await noSeriousAxeFindings(desk);
  await desk.getByLabel("First name").fill("Dana");
  await desk.getByLabel("Last name").fill("Desk");
  await desk.getByLabel(/^Password/).fill("desk-horse-battery");
  await desk.getByLabel(/^Confirm password/).fill("desk-horse-battery");
  await desk.getByRole("button", { name: "Create Staff Account" }).click();
  await expect(desk).toHaveURL(/\/login$/);

  await signIn(desk, { email, password: "desk-horse-battery" });
  await expect(desk).toHaveURL(/\/admin$/);
  await expect(desk.getByText("Welcome back, Dana")).toBeVisible();
  await desk.goto("/admin/settings");
  await expect(desk).toHaveURL(/\/admin$/);
  await toast(desk, "Only a manager or the owner can do this");
  const settings = await desk.request.get("/api/admin/self-service-policy");
  expect(settings.status()).toBe(403);
  await context.close();

  // The owner sees the new person on the staff page.
  await page.reload();
  await expect(page.getByTestId("staff-row").filter({ hasText: email })).toBeVisible();
});
