// Screenshots of issue 34's screens for docs/screenshots/: the booking screen, an event registration's
// receipt and the membership page, at 375 × 812 and 1280 × 900, taken with Playwright on the
// production build (npm run build first) with the seeded demo, saved as small WebP files.
// Usage: node scripts/screenshots.mjs [booking]   (E2E_PORT picks the port, 3199 by default; with
// "booking", only the booking screen's pictures are taken again)
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import sharp from "sharp";

const port = process.env.E2E_PORT ?? "3199";
const base = `http://localhost:${port}`;
const out = "docs/screenshots";
const onlyBooking = process.argv[2] === "booking";
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
  env: { ...process.env, E2E_PORT: port },
  stdio: "ignore",
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

const SIZES = [
  { name: "375", viewport: { width: 375, height: 812 }, isMobile: true },
  { name: "1280", viewport: { width: 1280, height: 900 }, isMobile: false },
];

async function save(page, file, fullPage) {
  await page.mouse.move(0, 0);
  // No toast in the picture: wait until they have gone.
  await page
    .locator(".mantine-Notification-root")
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => {});
  const png = await page.screenshot({ fullPage });
  await sharp(png).webp({ quality: 70 }).toFile(`${out}/${file}.webp`);
  console.log(`${out}/${file}.webp`);
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();

    // The booking screen, with a time in the cart.
    await page.goto("/book");
    // Tomorrow: late in the venue's day, today has few times left.
    const { today } = await (await page.request.get("/api/booking/context")).json();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(/^Date/).fill(tomorrow);
    const grid = page.getByRole("listbox", { name: /^Time/ });
    await grid.getByRole("option", { disabled: false }).nth(6).click();
    // The server's quote for the cart is in.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-total"]')?.textContent?.trim() !== "$0.00",
    );
    await save(page, `booking-${size.name}`, true);

    // Issue 34: the same day court by court, with a court's time in the cart.
    await page.getByRole("radio", { name: "By court" }).check();
    const courts = page.getByRole("grid", { name: /^Court and time/ });
    await courts.getByRole("gridcell", { disabled: false }).nth(8).click();
    await save(page, `booking-courts-${size.name}`, false);
    if (onlyBooking) {
      await context.close();
      continue;
    }

    // A guest's receipt after registering for the seed's free community play.
    await page.goto("/events");
    await page
      .getByRole("article", { name: "Free Community Open Play" })
      .getByRole("link", { name: "See Details" })
      .click();
    await page.getByLabel("Full Name").fill("Sam Screenshot");
    await page.getByLabel("Email").fill(`screenshot-${size.name}@example.test`);
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByRole("heading", { name: "You're registered!" }).waitFor();
    await save(page, `event-receipt-${size.name}`, false);

    // The demo member's membership page.
    await page.goto("/login");
    await page.getByLabel("Email").fill("member@backspin-social.example");
    await page.getByLabel(/^Password/).fill("demo-member-2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/member-reservations$/);
    await page.goto("/my-membership");
    await page.getByTestId("membership-card").waitFor();
    await save(page, `membership-${size.name}`, true);
    await context.close();
  }
  await browser.close();
} finally {
  server.kill("SIGTERM");
}
