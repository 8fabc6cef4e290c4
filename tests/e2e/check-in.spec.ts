import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, chromium, expect, type Page, test } from "@playwright/test";
import QRCode from "qrcode";
import type { AdminDayResponse } from "../../src/contracts/admin";
import type { AvailabilityResponse } from "../../src/contracts/booking";
import { REFERENCE_QR_OPTIONS } from "../../src/domain/reference-qr";
import { bookingReference } from "../../src/domain/self-service-policy";
import { minutesOf, venueNowTime } from "../../src/domain/venue-time";
import { present } from "../../src/server/lib/present";
import { decodeQr } from "../integration/kits/qr-kit";
import { ADMIN, signIn, toast } from "./fixtures";

// Issue 33 item 2: a front-desk person checks a guest's booking in by typing its reference (the
// second time is refused), marks a no-show on the day's list once the booking has started, and
// undoes it.
// The server's clock is the real one: the test books today's last free dart bay hour, and a desk
// booking at today's opening; at night, when today has no bookable time left, it says so and skips.

async function noSeriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function todaysDartBaySlots(request: APIRequestContext) {
  const context = await request.get("/api/booking/context");
  const { today } = (await context.json()) as { today: string };
  const response = await request.get(
    `/api/booking/availability?facilityType=dart_bay&date=${today}&duration=60`,
  );
  expect(response.status()).toBe(200);
  return { today, slots: ((await response.json()) as AvailabilityResponse).slots };
}

/** A guest's dart bay hour today, paid through the test checkout: its hold id. */
async function paidBookingToday(request: APIRequestContext, date: string, startTime: string, name: string) {
  const hold = await request.post("/api/booking/holds", {
    data: {
      items: [{ facilityType: "dart_bay", date, startTime, duration: 60 }],
      customer: {
        name,
        email: `${name.replace(/\W/g, "").toLowerCase()}@example.test`,
        phone: "",
        smsConsent: false,
        notes: "",
        termsAccepted: true,
      },
    },
  });
  expect(hold.status()).toBe(201);
  const { holdId, holdToken } = (await hold.json()) as { holdId: string; holdToken: string };
  const checkout = await request.post(`/api/booking/holds/${holdId}/checkout`, { data: { holdToken } });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(`${url}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return holdId;
}

/** The owner invites a front-desk person, who sets a password from the emailed link. */
async function frontDeskAccount(owner: APIRequestContext, email: string) {
  const invited = await owner.post("/api/admin/staff/invitations", { data: { email, role: "front_desk" } });
  expect(invited.ok()).toBe(true);
  const mails = (await (await owner.get("/dev/mailbox/messages.json")).json()) as Array<{
    to: string;
    text: string;
  }>;
  const mail = present(mails.find((m) => m.to === email));
  const token = new URL(
    present(/https?:\/\/\S+\/staff-invite\?token=\S+/.exec(mail.text))[0],
  ).searchParams.get("token");
  const password = "desk-horse-battery";
  const accepted = await owner.post("/api/staff-invitations/accept", {
    data: { token, firstName: "Casey", lastName: "Desk", password, confirmPassword: password },
  });
  expect(accepted.ok()).toBe(true);
  return { email, password };
}

test("the front desk checks a booking in by its reference, is refused the second time, and marks a no-show", async ({
  page,
  browser,
}, testInfo) => {
  // An invitation, three sign-ins and three axe passes: about a minute on a loaded 2-core machine.
  test.slow();
  const run = `${testInfo.project.name}${Date.now().toString(36)}`;
  const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const { today, slots } = await todaysDartBaySlots(guest.request);
  const last = slots.filter((s) => s.isAvailable).at(-1);
  test.skip(!last, "no dart bay hour is left to book today at the venue (night): nothing to check in");
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  expect((await owner.request.post("/api/session/sign-in", { data: ADMIN })).ok()).toBe(true);
  const day = await owner.request.get(`/api/admin/day?date=${today}&facilityType=dart_bay`);
  const opening = present(((await day.json()) as AdminDayResponse).hours).opensAt;
  test.skip(
    minutesOf(venueNowTime(new Date())) < minutesOf(opening) + 1,
    "the venue has not opened yet today: no booking has started to be a no-show",
  );

  // A guest's booking for later today, and a desk booking at opening time that nobody came to.
  const guestName = `Arriving ${run}`;
  const reference = bookingReference(
    await paidBookingToday(guest.request, today, present(last).startTime, guestName),
  );
  await guest.close();
  const missedName = `Missing ${run}`;
  const free = await owner.request.get(
    `/api/admin/available-facilities?date=${today}&facilityType=dart_bay&startTime=${opening}&duration=30`,
  );
  const bay = present(((await free.json()) as { facilities: Array<{ id: number }> }).facilities[0]).id;
  const manual = await owner.request.post("/api/admin/reservations", {
    data: {
      facilityType: "dart_bay",
      date: today,
      customerName: missedName,
      customerEmail: `missing-${run}@example.test`,
      startTime: opening,
      duration: 30,
      facilityIds: [bay],
    },
  });
  expect(manual.status()).toBe(201);
  const desk = await frontDeskAccount(owner.request, `checkin-desk-${run}@example.test`);
  await owner.close();

  // The front desk types the reference, loosely (lower case), and checks the booking in.
  await signIn(page, desk);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/check-in");
  await expect(page.getByRole("heading", { name: "Check-in", exact: true })).toBeVisible();
  await page.getByLabel("Booking reference").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByTestId("check-in-result")).toContainText(`Checked in: ${guestName} (${reference})`);
  await noSeriousAxeFindings(page);

  // The same code again is refused and says why.
  await page.getByLabel("Booking reference").fill(reference);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Already checked in at" })).toBeVisible();
  await expect(page.getByTestId("check-in-result")).toHaveCount(0);

  // The day's list shows the check-in, and the desk marks the opening-time booking a no-show.
  await page.goto(`/admin?date=${today}&type=dart_bay&view=list`);
  const arrived = page.getByTestId("reservation-row").filter({ hasText: guestName });
  await expect(arrived).toContainText("Checked in");
  const missed = page.getByTestId("reservation-row").filter({ hasText: missedName });
  await missed.getByRole("button", { name: new RegExp(`^Mark ${missedName}, .*, a no-show$`) }).click();
  const confirm = page.getByRole("dialog", { name: "Mark a no-show" });
  await expect(confirm).toContainText(`Mark ${missedName}`);
  await confirm.getByRole("button", { name: "Mark no-show" }).click();
  await toast(page, `Marked a no-show: ${missedName}`);
  await expect(missed).toContainText("No-show");
  await expect(missed).toContainText("1 no-show");
  await expect(missed.getByRole("button", { name: /Check in/ })).toHaveCount(0);
  await noSeriousAxeFindings(page);

  // The grid shows both states too.
  await page.goto(`/admin?date=${today}&type=dart_bay&view=grid`);
  await expect(
    page.getByRole("button", { name: new RegExp(`^${guestName}, .*, checked in$`) }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^${missedName}, .*, no-show$`) })).toBeVisible();

  // The no-show was a mistake (the player was at the bar): the desk undoes it, and the booking is
  // expected again, so it can be checked in or marked once more.
  await page.goto(`/admin?date=${today}&type=dart_bay&view=list`);
  const mistaken = page.getByTestId("reservation-row").filter({ hasText: missedName });
  await mistaken.getByRole("button", { name: new RegExp(`^Undo the no-show of ${missedName}, `) }).click();
  await toast(page, `No-show undone: ${missedName}`);
  await expect(
    mistaken.getByRole("button", { name: new RegExp(`^Mark ${missedName}, .*, a no-show$`) }),
  ).toBeVisible();
  await expect(mistaken.getByRole("button", { name: /^Undo/ })).toHaveCount(0);
  await noSeriousAxeFindings(page);
});

test("the manage page shows the booking's check-in QR code, named by its reference, which reads back as the reference", async ({
  page,
  browser,
}, testInfo) => {
  const run = `${testInfo.project.name}${Date.now().toString(36)}`;
  // A dart bay hour three days ahead (bookable at any time of day), paid through the test checkout.
  const context = (await (await page.request.get("/api/booking/context")).json()) as { today: string };
  const ahead = new Date(`${context.today}T12:00:00Z`);
  ahead.setUTCDate(ahead.getUTCDate() + 3);
  const date = ahead.toISOString().slice(0, 10);
  const availability = await page.request.get(
    `/api/booking/availability?facilityType=dart_bay&date=${date}&duration=60`,
  );
  const { slots } = (await availability.json()) as AvailabilityResponse;
  const slot = present(slots.filter((s) => s.isAvailable).at(-1));
  const guestName = `Qr ${run}`;
  const reference = bookingReference(await paidBookingToday(page.request, date, slot.startTime, guestName));

  // The confirmation email's manage link (the development mailbox keeps what would be sent).
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const mails = (await (await owner.request.get("/dev/mailbox/messages.json")).json()) as Array<{
    to: string;
    text: string;
  }>;
  await owner.close();
  const email = `${guestName.replace(/\W/g, "").toLowerCase()}@example.test`;
  const mail = present(mails.find((m) => m.to === email && m.text.includes(reference)));
  const managePath = present(/\/manage\/[A-Za-z0-9_-]+/.exec(mail.text))[0];

  await page.goto(managePath);
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  const qr = page.getByRole("img", { name: `Check-in QR code for booking reference ${reference}` });
  await expect(qr).toBeVisible();
  await expect(page.getByTestId("check-in-qr")).toContainText(
    `Show this code or the reference ${reference} at the front desk to check in.`,
  );
  // What a camera at the desk sees reads back as exactly the reference.
  expect(await decodeQr(await qr.screenshot())).toBe(reference);
  await noSeriousAxeFindings(page);
});

test("Scan QR code says clearly when the device has no camera, and typing the reference stays", async ({
  page,
}) => {
  // The test browser has no camera: the scanner must fall back to the typed reference, saying why.
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/check-in");
  await expect(page.getByRole("heading", { name: "Check-in", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Scan QR code" }).click();
  const problem = page.getByRole("alert").filter({ hasText: "Camera not available" });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText("Type the booking reference instead.");
  await expect(page.getByRole("button", { name: "Scan QR code" })).toBeVisible();
  await expect(page.getByLabel("Booking reference")).toBeEditable();
  await noSeriousAxeFindings(page);
});

/**
 * A camera filming one picture: the text's QR code drawn as the server draws it, black on white, in
 * a Y4M file that Chromium's fake capture device plays in a loop (640 × 480, 4:2:0).
 */
function cameraFilming(text: string, dir: string): string {
  const { size, data } = QRCode.create(text, {
    errorCorrectionLevel: REFERENCE_QR_OPTIONS.errorCorrectionLevel,
  }).modules;
  const [width, height, scale] = [640, 480, 12];
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (data[row * size + col])
        for (let dy = 0; dy < scale; dy++) {
          const start = (top + row * scale + dy) * width + left + col * scale;
          luma.fill(16, start, start + scale);
        }
  const chroma = Buffer.alloc((width * height) / 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const file = join(dir, "camera.y4m");
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

test("the desk scans a guest's QR code with the camera and the booking is checked in", async ({
  request,
}, testInfo) => {
  // The decoder in the browser (jsQR: Chromium on Linux has no BarcodeDetector) reading a camera's
  // frames. The camera is Chromium's own stand-in, playing a file: a browser of its own, at a
  // desktop's size (the phone project runs the same code).
  test.skip(testInfo.project.name !== "desktop", "one camera journey: the desktop project runs it");
  test.slow();
  const { today, slots } = await todaysDartBaySlots(request);
  const last = slots.filter((s) => s.isAvailable).at(-1);
  test.skip(!last, "no dart bay hour is left to book today at the venue (night): nothing to check in");
  const guestName = `Scanned ${Date.now().toString(36)}`;
  const reference = bookingReference(
    await paidBookingToday(request, today, present(last).startTime, guestName),
  );

  const dir = mkdtempSync(join(tmpdir(), "e2e-camera-"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${cameraFilming(reference, dir)}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      permissions: ["camera"],
    });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/check-in");
    await page.getByRole("button", { name: "Scan QR code" }).click();
    // The code is read, the camera stops, and the booking is checked in as if its reference were typed.
    await expect(page.getByTestId("check-in-result")).toContainText(
      `Checked in: ${guestName} (${reference})`,
    );
    await expect(page.getByRole("button", { name: "Scan QR code" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop scanning" })).toHaveCount(0);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
