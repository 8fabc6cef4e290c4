import { expect, test } from "@playwright/test";
import { ADMIN, FROZEN, MEMBER, newMember, openMenuIfPhone, signIn, toast, toastsGone } from "./fixtures";

test.describe("accounts", () => {
  test("an admin signs in and lands on /admin", async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await toast(page, "Welcome back!");
  });

  test("a member signs in and lands on /member-reservations", async ({ page }) => {
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
  });

  test("wrong password shows the spec's message inline and as a toast", async ({ page }) => {
    await signIn(page, { email: MEMBER.email, password: "not-the-password" });
    await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password");
    await toast(page, "Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("empty fields are refused before calling the server", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByTestId("login-error")).toHaveText("Please enter both email and password");
  });

  test("a frozen member sees the frozen message and stays signed out", async ({ page }) => {
    await signIn(page, FROZEN);
    await expect(page.getByTestId("login-error")).toHaveText(
      "Your account is currently frozen. Please contact support.",
    );
    await expect(page).toHaveURL(/\/login$/);
    const session = await page.request.get("/api/session");
    expect((await session.json()).user).toBeNull();
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("sign out returns to / with the toast and ends the session", async ({ page, isMobile }) => {
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await toast(page, "Signed out successfully");
    await expect(page).toHaveURL(/\/$/);
    const session = await page.request.get("/api/session");
    expect((await session.json()).user).toBeNull();
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  });

  test("forgot and reset password through the development mailbox", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(MEMBER.email);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByText(MEMBER.email)).toBeVisible();

    await page.goto("/dev/mailbox");
    await page
      .getByRole("row", { name: new RegExp(MEMBER.email) })
      .first()
      .getByRole("link", { name: /Reset your/ })
      .click();
    await page.getByRole("link", { name: /\/reset-password\?token=/ }).click();
    await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
    const resetUrl = page.url();

    await page.getByLabel(/^New password/).fill("abc");
    await page.getByLabel(/^Confirm new password/).fill("abd");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Passwords do not match" }).first()).toBeVisible();

    // The demo password again, so the other tests keep working.
    await page.getByLabel(/^New password/).fill(MEMBER.password);
    await page.getByLabel(/^Confirm new password/).fill(MEMBER.password);
    await page.getByRole("button", { name: "Update Password" }).click();
    await toast(page, "Password updated successfully! Please sign in with your new password.");
    await expect(page).toHaveURL(/\/login$/);

    // The link is single-use.
    await page.goto(resetUrl);
    await page.getByLabel(/^New password/).fill("another-one");
    await page.getByLabel(/^Confirm new password/).fill("another-one");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid or expired reset link" }).first(),
    ).toBeVisible();

    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
  });

  test("a reset link without its token goes back to /forgot-password", async ({ page }) => {
    await page.goto("/reset-password?email=someone%40example.com");
    await expect(page).toHaveURL(/\/forgot-password$/);
    await toast(page, "Invalid or expired reset link. Please request a new one.");
  });

  test("the profile is edited and the phone normalised", async ({ page }) => {
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/my-profile");
    await expect(page.getByLabel("Email")).toHaveValue(MEMBER.email);
    await expect(page.getByText("Contact support to change your email address")).toBeVisible();
    await page.getByRole("textbox", { name: "Phone" }).fill("12");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Invalid phone number. Please enter a valid 10-digit US phone number");
    await page.getByRole("textbox", { name: "Phone" }).fill("(512) 555-0199");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Profile updated successfully");
    // Stored as +15125550199 (SPEC §9 Accounts), shown as people write it (issue 34).
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("(512) 555-0199");
  });

  test("a player changes the password on the profile, signs out and signs in with the new one", async ({
    page,
    isMobile,
  }, testInfo) => {
    const player = await newMember(page, testInfo, "password-changer");
    const newPassword = "changed-on-profile-2026";
    await signIn(page, player);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/my-profile");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByLabel(/^Current password/).fill(player.password);
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm new password/).fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "New passwords do not match" })).toBeVisible();
    await page.getByLabel(/^Confirm new password/).fill(newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await toast(page, "Password updated successfully");
    // The form closes; this session stays signed in (only the other devices are signed out).
    await expect(page.getByLabel(/^Current password/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Change Password" })).toBeVisible();

    await toastsGone(page);
    await openMenuIfPhone(page, isMobile);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await toast(page, "Signed out successfully");
    await expect(page).toHaveURL(/\/$/);

    await signIn(page, player);
    await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password");
    await signIn(page, { email: player.email, password: newPassword });
    await expect(page).toHaveURL(/\/member-reservations$/);
  });
});

test.describe("navigation", () => {
  const menuLinks = async (page: import("@playwright/test").Page) => {
    await page.getByRole("button", { name: "Open menu" }).click();
    // The menu's code loads at the first tap (decision 025): wait for it before reading its links.
    const links = page.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    await expect(links.first()).toBeVisible();
    return links.allTextContents();
  };

  test("the mobile menu shows the right links for a guest, a member and an admin", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "the slide-in menu is the phone layout");
    await page.goto("/book");
    expect(await menuLinks(page)).toEqual(["Play", "Events", "Join Backspin Club", "Member Login"]);
    await page.keyboard.press("Escape");

    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    expect(await menuLinks(page)).toEqual([
      "My Profile",
      "Home",
      "Book Free Court",
      "Events",
      "My Reservations",
    ]);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);

    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    expect(await menuLinks(page)).toEqual(["My Profile", "Admin Dashboard", "Play"]);
  });

  test("the desktop bar hides Events from admins", async ({ page, isMobile }) => {
    test.skip(isMobile, "the desktop bar");
    await page.goto("/book");
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar.getByRole("link", { name: "Events" })).toBeVisible();
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(bar.getByRole("link", { name: "Admin" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Events" })).toHaveCount(0);
  });

  test("a member opening an admin screen is sent to / with Access denied", async ({ page }) => {
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Access denied")).toBeVisible();
  });
});
