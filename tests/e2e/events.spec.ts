import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import { present } from "../../src/server/lib/present";
import { ADMIN, MEMBER, signIn, toast } from "./fixtures";

// Events (issue 5) through the real pages. Desktop and phone run one after the other on the same
// seeded server, so each project creates its own events on its own dates.

const MANAGER_PASSWORD = process.env.MANAGER_PASSWORD ?? "e2e-manager-pass";
// A real 1×1 PNG, so the browser can show it as well as the server accept it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function venueToday(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/events");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { today: string }).today;
}

/** The seeded event's date as the server has it (a run that straddles the venue's midnight must not recompute it). */
async function seededEventDate(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get("/api/events");
  expect(response.ok()).toBe(true);
  const { events } = (await response.json()) as { events: { name: string; date: string }[] };
  const event = events.find((e) => e.name === name);
  if (!event) throw new Error(`the seed's ${name} is not among the upcoming events`);
  return event.date;
}

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
}

/** A second visitor, with no session, beside the signed-in admin. */
async function guestPage(browser: Browser, like: Page, isMobile: boolean) {
  const context = await browser.newContext({
    baseURL: new URL(like.url()).origin,
    viewport: like.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
  });
  return context.newPage();
}

test.describe("events", () => {
  test("an admin creates a weekly partnered tournament with a photo; a guest registers with a partner and pays; the admin refunds it", async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    const today = await venueToday(page.request);
    const first = addDays(today, isPhone(testInfo) ? 41 : 40);
    const name = `Winter Doubles Cup ${testInfo.project.name}`;

    // The admin creates the series.
    await signInAsAdmin(page);
    await page.goto("/admin/events");
    await page.getByRole("link", { name: "Create Event" }).click();
    await expect(page).toHaveURL(/\/create-event$/);
    await page.getByLabel("Event Name").fill(name);
    await page.getByLabel("Description").fill("Bring a partner. <script>alert('x')</script> stays text.");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "cup.png", mimeType: "image/png", buffer: PNG });
    await choose(page, "Event Type", "Tournament");
    await expect(page.getByRole("button", { name: "Court 1", exact: true })).toBeDisabled();
    await page.getByLabel("Date").fill(first);
    await page.getByLabel("Maximum Participants").fill("8");
    await page.getByLabel("Start Time").fill("09:00");
    await page.getByLabel("End Time").fill("11:00");
    await page.getByRole("button", { name: "Court 1", exact: true }).click();
    await expect(page.getByRole("button", { name: "Court 1", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByLabel("Member Price", { exact: true }).fill("20");
    await page.getByLabel("Non-Member Price").fill("30");
    await page.getByLabel("Add Skill Levels").check();
    for (const level of ["3.5", "4.0", "5.0"]) {
      await page.getByLabel("Enter skill level").fill(level);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
    // A chip's remove button is a named button to screen readers and the keyboard (issue 14).
    await page.getByRole("button", { name: "Remove 5.0" }).click();
    await expect(page.getByRole("button", { name: "Remove 5.0" })).toHaveCount(0);
    await page.getByLabel("Partnered Event").check();
    await page.getByLabel("Recurring Event").check();
    await page.getByLabel("Number of Occurrences").fill("2");
    await expect(page.getByText("Recurring Dates:")).toBeVisible();
    await expect(page.getByRole("list", { name: "Recurring Dates" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Create Event" }).click();
    await toast(page, "2 events created successfully");
    await expect(page).toHaveURL(/\/admin\/events$/);

    // A guest finds it, registers with a partner and pays on the test checkout.
    const guest = await guestPage(browser, page, isMobile);
    await guest.goto("/events");
    await guest.getByLabel("Search events").fill(name);
    const cards = guest.getByRole("article", { name });
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText("$30 / $20 (Member)");
    await cards.first().getByRole("link", { name: "See Details" }).click();
    // The event's own heading (level 1): while the detail's chunk arrives, the list's cards (level 2,
    // the same name) can still be on screen for a moment, and a name-only match sees two of them.
    await expect(guest).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    await expect(guest.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(guest.getByRole("img", { name })).toBeVisible();
    await expect(guest.getByText("<script>alert('x')</script> stays text.", { exact: false })).toBeVisible();
    await expect(guest.getByText("No participants registered yet")).toBeVisible();

    const guestName = `Guest Captain ${testInfo.project.name}`;
    await guest.getByRole("button", { name: "Continue to Payment" }).click();
    const form = guest.getByRole("form", { name: "Register for this event" });
    await expect(form.getByRole("alert")).toHaveText("Please enter a customer name");
    await guest.getByLabel("Full Name").fill(guestName);
    await guest.getByLabel("Email").fill(`captain-${testInfo.project.name}@example.test`);
    await choose(guest, "Skill Level", "3.5");
    await guest.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter player names for your tournament team");
    await guest.getByLabel("Enter Partner Names").fill(`${guestName}\nPat Partner`);
    await guest.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(guest.getByRole("timer")).toContainText("Your place is held for");
    await guest.getByRole("button", { name: "Pay $30.00" }).click();
    await expect(guest.getByRole("note")).toContainText("TEST CHECKOUT");
    await guest.getByRole("button", { name: "Pay $30.00" }).click();
    await toast(guest, "Registration confirmed!");
    // Issue 34: the receipt is in view on arrival (first on a phone), with its reference, the
    // amount paid and Add to calendar; a reload keeps it.
    const done = guest.getByRole("heading", { name: "You're registered!" });
    await expect(done).toBeInViewport();
    const reference = present(await guest.getByTestId("registration-reference").textContent());
    expect(reference).toMatch(/^EV-[0-9A-F]{8}$/);
    await expect(guest.getByTestId("registration-paid")).toHaveText("$30.00");
    await expect(
      guest.getByText(`A confirmation is on its way to captain-${testInfo.project.name}@example.test.`),
    ).toBeVisible();
    const download = guest.waitForEvent("download");
    await guest.getByRole("button", { name: "Add to calendar" }).click();
    expect((await download).suggestedFilename()).toBe(`event-${reference}.ics`);
    await expect(guest.getByText(`${guestName}, Pat Partner (Registered by ${guestName})`)).toBeVisible();
    await guest.reload();
    await expect(done).toBeInViewport();
    await expect(guest.getByTestId("registration-reference")).toHaveText(reference);
    await guest.context().close();

    // The confirmation email's manage link opens the same receipt in any browser.
    const mails = (await (await page.request.get("/dev/mailbox/messages.json")).json()) as Array<{
      to: string;
      text: string;
    }>;
    const mail = present(mails.find((m) => m.to === `captain-${testInfo.project.name}@example.test`));
    const link = new URL(present(/https?:\/\/\S+\/registrations\/\S+/.exec(mail.text))[0]);
    const other = await guestPage(browser, page, isMobile);
    await other.goto(link.pathname + link.search);
    await expect(other.getByRole("heading", { name: "Your registration" })).toBeVisible();
    await expect(other.getByTestId("registration-reference")).toHaveText(reference);
    await expect(other.getByTestId("registration-paid")).toHaveText("$30.00");
    // Issue 33 item 2: the check-in QR code, named by its reference.
    await expect(
      other.getByRole("img", { name: `Check-in QR code for registration reference ${reference}` }),
    ).toBeVisible();
    await other.context().close();

    // The admin sees it in the event's modal and refunds it with the manager password.
    await page.goto(`/admin/events?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("button", { name: `View details of ${name}` })
      .first()
      .click();
    const modal = page.getByRole("dialog", { name });
    const row = modal.getByRole("listitem", { name: guestName });
    await expect(row).toContainText("Confirmed");
    await expect(row).toContainText(`Players: ${guestName}, Pat Partner`);
    await expect(row).toContainText("Skill Level: 3.5");
    await expect(modal).toContainText("1 / 8 participants");
    await row.getByRole("button", { name: "Refund" }).click();
    const password = page.getByRole("dialog", { name: "Manager Password Required" });
    await expect(password).toContainText(`Enter the manager password to confirm refund for ${guestName}.`);
    await password.getByLabel("Manager password").fill(MANAGER_PASSWORD);
    await password.getByRole("button", { name: "Confirm Refund" }).click();
    await toast(page, "Refund processed and registration cancelled");
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("Refunded");
    await expect(row.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await expect(modal).toContainText("0 / 8 participants");
  });

  test("a member registers free for an event whose member price is 0", async ({ page }, testInfo) => {
    // The seed's free community play (0 for everyone) and Tuesday open play (free for members only).
    const eventName = isPhone(testInfo) ? "Tuesday Night Open Play" : "Free Community Open Play";
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/member-reservations$/);
    await page.goto("/events");
    await page.getByRole("article", { name: eventName }).getByRole("link", { name: "See Details" }).click();
    await expect(page.getByRole("heading", { name: eventName })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(MEMBER.email);
    // Another address for the confirmation, so the demo member's mailbox (which the password-reset
    // test reads) is left as it was.
    await page.getByLabel("Email").fill(`member-events-${testInfo.project.name}@example.test`);
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await toast(page, "Registration confirmed!");
    await expect(page).toHaveURL(/\/my-reservations$/);
  });

  test("a guest is asked to pay the non-member price, and Back to Events cancels the pending registration", async ({
    page,
  }) => {
    await page.goto("/events");
    await page
      .getByRole("article", { name: "Tuesday Night Open Play" })
      .getByRole("link", { name: "See Details" })
      .click();
    await page.getByLabel("Full Name").fill("Changed Mind");
    await page.getByLabel("Email").fill("changed-mind@example.test");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("button", { name: "Pay $10.00" })).toBeVisible();
    const pending = await page.evaluate(() => sessionStorage.getItem("pendingEventRegistration"));
    expect(pending).not.toBeNull();
    await page.getByRole("button", { name: "← Back to Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    const { registrationId, holdToken } = JSON.parse(present(pending)) as {
      registrationId: string;
      holdToken: string;
    };
    const status = await page.request.get(`/api/events/registrations/${registrationId}`, {
      headers: { "x-registration-token": holdToken },
    });
    expect(((await status.json()) as { status: string }).status).toBe("cancelled");
  });

  test("the admin list keeps its filters in the URL across a reload", async ({ page }) => {
    const date = await seededEventDate(page.request, "King of the Court Ladder");
    await signInAsAdmin(page);
    await page.goto("/admin/events");
    await page.getByLabel("Search events").fill("court");
    await expect(page).toHaveURL(/q=court/);
    await choose(page, "Category", "Ladder");
    await expect(page).toHaveURL(/cat=ladder/);
    await choose(page, "Status", "All Statuses");
    await expect(page).toHaveURL(/status=all/);
    await page.getByLabel("Hide Private Events").check();
    await expect(page).toHaveURL(/hidePrivate=1/);
    await page.getByLabel("Select Date:").fill(date);
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    await page.reload();
    await expect(page.getByLabel("Search events")).toHaveValue("court");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Ladder");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("All Statuses");
    await expect(page.getByLabel("Hide Private Events")).toBeChecked();
    await expect(page.getByLabel("Select Date:")).toHaveValue(date);
    await expect(page.getByRole("button", { name: /^View details of / })).toHaveCount(1);
    await expect(
      page.getByRole("button", { name: "View details of King of the Court Ladder" }),
    ).toBeVisible();

    // Create Event carries the date; Clear Date drops it.
    await expect(page.getByRole("link", { name: "Create Event" })).toHaveAttribute(
      "href",
      `/create-event?returnDate=${date}`,
    );
    await page.getByRole("button", { name: "Clear Date" }).click();
    await expect(page).not.toHaveURL(/date=/);
  });
});
