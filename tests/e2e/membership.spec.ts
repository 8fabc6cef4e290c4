import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { ADMIN, signIn, toast } from "./fixtures";

// SPEC §2 Join membership, Payment result screens, Member Free Reservations, My Reservations —
// through the real pages and the built-in test checkout. Desktop and phone run one after the other
// on the same server, so each project signs up its own new member.

const PASSWORD = "club-member-2026";

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The Monday after the venue's today: always within the 14-day window, and a free-booking day. */
async function nextMonday(page: Page): Promise<string> {
  const response = await page.request.get("/api/booking/context");
  const { today } = (await response.json()) as { today: string };
  return addDays(today, (8 - weekday(today)) % 7 || 7);
}

const emailFor = (testInfo: TestInfo) =>
  `joiner-${testInfo.project.name}-${Date.now().toString(36)}@example.test`;

async function join(page: Page, email: string) {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Join Backspin Club" })).toBeVisible();
  await expect(page.getByText("Priority booking 14 days ahead")).toBeVisible();
  await expect(page.getByText("Save $98")).toBeVisible();
  await page.getByText("Annually").click();
  await expect(page.getByRole("button", { name: "Subscribe for $850/year" })).toBeVisible();
  await page.getByText("Monthly").click();
  const subscribe = page.getByRole("button", { name: "Subscribe for $79/month" });

  // The form's own checks come first.
  await page.getByLabel(/^First name/).fill("Jamie");
  await page.getByLabel(/^Last name/).fill("Joiner");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill("512 555 01");
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(`${PASSWORD}x`);
  await subscribe.click();
  await expect(page.getByText("Passwords do not match").first()).toBeVisible();
  await expect(
    page
      .getByText("Invalid phone number. Please enter a valid 10-digit US phone number (e.g. (512) 555-0142).")
      .first(),
  ).toBeVisible();
  await page.getByLabel(/^Phone/).fill("(512) 555-0177");
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await subscribe.click();

  // The built-in test checkout, simulating the subscription.
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText("TEST CHECKOUT")).toBeVisible();
  await expect(page.getByText("Next billing date")).toBeVisible();
  await page.getByRole("button", { name: "Subscribe $79.00/month" }).click();

  await expect(page).toHaveURL(/\/membership-success/);
  await toast(page, "Welcome to Backspin Club!");
  await expect(
    page.getByText("Your membership has been confirmed. Check your email for your welcome package."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Login to Your Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signInAs(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/member-reservations$/);
}

async function bookFree(page: Page, time: string, remainingAfter: number) {
  await page.getByRole("radio", { name: time }).click();
  await page.getByRole("button", { name: "Book Free Reservation" }).click();
  // The first booking's toast may still be showing: any one will do.
  await expect(
    page.locator(".mantine-Notification-root", { hasText: "Reservation created successfully!" }).last(),
  ).toBeVisible();
  await expect(page.getByTestId("free-remaining")).toContainText(`(${remainingAfter} remaining)`);
}

/** Staff switch members' online cancellation in Settings › Policies (a second, signed-in window). */
async function setMemberCancelPolicy(browser: Browser, like: Page, testInfo: TestInfo, on: boolean) {
  const isMobile = testInfo.project.name === "phone";
  const context = await browser.newContext({
    baseURL: new URL(like.url()).origin,
    viewport: like.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
  });
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto("/admin/settings/policies");
  const toggle = admin.getByRole("switch", { name: "Let members cancel their membership online" });
  await expect(toggle).toBeEnabled();
  if ((await toggle.isChecked()) !== on) {
    await toggle.click({ force: true });
    await toast(admin, "Settings saved");
  }
  await expect(toggle).toBeChecked({ checked: on });
  await context.close();
}

test.describe("membership", () => {
  test("a visitor joins monthly, gets member prices, books two free courts and sees them", async ({
    page,
  }, testInfo) => {
    const email = emailFor(testInfo);
    await join(page, email);
    await signInAs(page, email);
    const monday = await nextMonday(page);

    // Member prices on the booking screen: a weekday hour before 17:00 is $20 (guests $25).
    await page.goto("/book");
    await page.getByLabel(/^Date/).fill(monday);
    await page.getByLabel(/^Duration/).selectOption("60");
    const slot = page.getByRole("option", { name: /^2:00 PM - 3:00 PM/ });
    await expect(slot).toContainText("$20.00");
    const availability = await page.request.get(
      `/api/booking/availability?facilityType=court&date=${monday}&duration=60`,
    );
    expect(await availability.json()).toMatchObject({ isMemberPricing: true });

    // Two free courts on next Monday.
    await page.goto("/member-reservations");
    await expect(page.getByRole("heading", { name: "Member Free Reservations" })).toBeVisible();
    await page.getByLabel(/^Date/).fill(monday);
    await expect(page.getByTestId("free-remaining")).toContainText("(2 remaining)");
    await page.getByRole("button", { name: "Book Free Reservation" }).click();
    await toast(page, "Please select a time slot");
    await bookFree(page, "9:00 AM - 11:00 AM", 1);
    await expect(page.getByRole("link", { name: "View My Reservations" })).toBeVisible();
    await bookFree(page, "11:00 AM - 1:00 PM", 0);
    const noneLeft = page.getByRole("button", { name: "No Free Reservations Remaining" });
    await expect(noneLeft).toBeVisible();
    await expect(noneLeft).toBeDisabled();

    // The API refuses a third one too, not only the screen.
    const third = await page.request.post("/api/membership/free-reservations", {
      data: { date: monday, startTime: "13:00" },
    });
    expect(third.status()).toBe(409);
    expect((await third.json()).error.message).toBe(
      "You have already used your free reservations for this week",
    );

    await page.getByRole("link", { name: "View My Reservations" }).click();
    await expect(page).toHaveURL(/\/my-reservations$/);
    const free = page.getByRole("region", { name: /Free Court Reservations/ });
    await expect(free.getByRole("heading", { name: "Free Court Reservations (2)" })).toBeVisible();
    await expect(free.getByTestId("reservation-card")).toHaveCount(2);
    await expect(free.getByTestId("reservation-card").first()).toContainText("9:00 AM - 11:00 AM");
    await expect(free.getByTestId("reservation-card").first()).toContainText("Confirmed");
    await expect(
      page.getByText(
        "To cancel or reschedule a reservation or event registration, please call us at (512) 555-0142.",
      ),
    ).toBeVisible();

    // Add to calendar downloads the reservation's .ics.
    const download = page.waitForEvent("download");
    await free
      .getByRole("link", { name: /Add .* to calendar/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toBe(`reservation-${monday}.ics`);
  });

  test("a member sees the membership, changes the card on the hosted page, and cancels online once the venue allows it", async ({
    page,
    browser,
  }, testInfo) => {
    const email = emailFor(testInfo);
    await join(page, email);
    await signInAs(page, email);

    await page.goto("/my-profile");
    await page.getByRole("link", { name: "View membership" }).click();
    await expect(page).toHaveURL(/\/my-membership$/);
    await expect(page.getByRole("heading", { name: "Monthly" })).toBeVisible();
    await expect(page.getByTestId("membership-price")).toHaveText("$79.00 / month");
    await expect(page.getByTestId("membership-renewal")).toContainText(
      /^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    await expect(page.getByTestId("membership-card")).toHaveText("Visa •••• 4242");
    await expect(page.getByTestId("membership-invoice")).toHaveCount(1);
    await expect(page.getByTestId("membership-invoice")).toContainText("$79.00");
    // Off by default: staff cancel, the member is told to call.
    await expect(page.getByTestId("self-cancel-message")).toHaveText(
      "To cancel your membership, please call us at (512) 555-0142.",
    );
    await expect(page.getByRole("button", { name: "Cancel membership" })).toHaveCount(0);

    // The test checkout's stand-in for Stripe's billing portal.
    await page.getByRole("button", { name: "Change card" }).click();
    await expect(page).toHaveURL(/\/test-billing\//);
    await expect(page.getByText("TEST CHECKOUT")).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4241");
    await page.getByLabel("Expiry (MM/YY)").fill("09/30");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid card number");
    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByLabel("Expiry (MM/YY)").fill("09/30");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page).toHaveURL(/\/my-membership$/);
    await toast(page, "Your card has been updated");
    await expect(page.getByTestId("membership-card")).toHaveText("Mastercard •••• 4444");

    // Staff turn on online cancellation; the member confirms and the membership runs to its end.
    await setMemberCancelPolicy(browser, page, testInfo, true);
    try {
      await page.reload();
      await page.getByRole("button", { name: "Cancel membership" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel your membership?" });
      await expect(dialog).toContainText("Then it ends and you won't be charged again.");
      await dialog.getByRole("button", { name: "Cancel membership" }).click();
      await toast(page, "Your membership will end on");
      await expect(page.getByText("Ending")).toBeVisible();
      await expect(page.getByTestId("membership-renewal")).toContainText(
        /^Ends on .+You won't be charged again\.$/,
      );
      await expect(page.getByRole("button", { name: "Cancel membership" })).toHaveCount(0);
    } finally {
      await setMemberCancelPolicy(browser, page, testInfo, false);
    }
  });

  test("an email that already has an account is told to sign in", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel(/^First name/).fill("Morgan");
    await page.getByLabel(/^Last name/).fill("Lee");
    await page.getByLabel(/^Email/).fill("member@backspin-social.example");
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Subscribe for $79/month" }).click();
    await expect(page.getByTestId("signup-error")).toContainText(
      "An account with this email already exists. Please sign in instead.",
    );
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("leaving the test checkout lands on /membership-cancel", async ({ page }, testInfo) => {
    await page.goto("/signup");
    await page.getByLabel(/^First name/).fill("Casey");
    await page.getByLabel(/^Last name/).fill("Cancel");
    await page.getByLabel(/^Email/).fill(`cancel-${emailFor(testInfo)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Subscribe for $79/month" }).click();
    await expect(page).toHaveURL(/\/test-checkout\//);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/membership-cancel/);
    await toast(page, "Membership signup was not completed");
    await expect(page.getByRole("heading", { name: "Membership Not Completed" })).toBeVisible();
    await expect(
      page.getByText(/no charges were made\. Please try again or contact support if you need assistance\.$/),
    ).toBeVisible();
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a guest is sent from /member-reservations to /login and refused by the API", async ({ page }) => {
    await page.goto("/member-reservations");
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get("/api/membership/free-reservations")).status()).toBe(401);
  });
});
