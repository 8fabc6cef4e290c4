import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { toast } from "./fixtures";

// Issue 12: a venue running without a payment provider. Its own server (the production build on a
// fresh embedded database, seeded, with no Stripe keys and the test checkout off), one port above
// the suite's, so the shared server keeps its test checkout.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = `.tmp/e2e-no-payments-${PORT}`;
const PHONE = "(512) 555-0142";
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ["dist/server/main.js"], {
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR,
      DATABASE_URL: "",
      SMTP_HOST: "",
      STRIPE_SECRET_KEY: "",
      TEST_CHECKOUT: "false",
      SEED_ON_EMPTY: "true",
      LOG_LEVEL: "warn",
    },
  });
  const deadline = Date.now() + 100_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the no-payments server did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.on("exit", resolve));
    server.kill("SIGTERM");
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
  await page.getByLabel(/^Duration/).selectOption("60");
  const slot = page.getByRole("radio", { name: /AVAILABLE/ }).first();
  await expect(slot).toBeVisible();
  await slot.click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await toast(page, "Item added to cart");
  await page.getByLabel(/^Name/).fill("Jordan Park");
  await page.getByLabel(/^Email/).fill("jordan@example.com");
  await page.getByLabel(/terms and conditions/).check();
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeDisabled();
});
