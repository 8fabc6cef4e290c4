import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { addDaysToDate, venueToday } from "../../src/domain/venue-time";
import { toast } from "./fixtures";

// Issue 12: a venue running without a payment provider. Its own server (the production build on a
// fresh embedded database, seeded, with no Stripe keys and the test checkout off) on a port the
// system picks, so the shared server keeps its test checkout and no other run's port is taken.

const DATA_DIR = `.tmp/e2e-no-payments-${process.env.E2E_PORT ?? 3100}`;
const PHONE = "(512) 555-0142";
let server: ChildProcess | undefined;
let BASE = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      CHECK_RESPONSES: "true",
      PORT: "0",
      PUBLIC_URL: "http://localhost",
      DATA_DIR,
      DATABASE_URL: "",
      SMTP_HOST: "",
      STRIPE_SECRET_KEY: "",
      TEST_CHECKOUT: "false",
      SEED_ON_EMPTY: "true",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    },
  });
  server = child;
  // The port it got is in its "listening" log line.
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the no-payments server did not start")), 100_000);
    child.on("exit", (code) => reject(new Error(`the no-payments server exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  child.stdout.resume();
  BASE = `http://localhost:${port}`;
});

test.afterAll(async () => {
  const running = server;
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.on("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("without a payment provider the booking screen says so up front, with the phone, and paid checkout is off", async ({
  page,
}) => {
  await page.goto(`${BASE}/book`);
  const notice = page.getByRole("status").filter({ hasText: "Online payment is not available right now" });
  await expect(notice).toContainText(`Please call us at ${PHONE} to book.`);

  // The guest can still look at times and fill the cart, but cannot start a hold that could not be paid.
  // Tomorrow, not today: late in the venue's evening today has no time left to offer.
  await page.getByLabel(/^Date/).fill(addDaysToDate(venueToday(new Date()), 1));
  await page.getByLabel(/^Duration/).selectOption("60");
  const slot = page.getByRole("option", { name: /AVAILABLE/, disabled: false }).first();
  await expect(slot).toBeVisible();
  await slot.click();
  await toast(page, "Item added to cart");
  await page.getByLabel(/^Name/).fill("Jordan Park");
  await page.getByLabel(/^Email/).fill("jordan@example.com");
  await page.getByLabel(/terms and conditions/).check();
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeDisabled();
});
