import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { toast } from "./fixtures";

// Issue 31 item 5: a new venue's first hour, as its owner clicks it. Not the suite's demo server: a
// production start of the same build on an empty embedded database of its own, with the test
// checkout. After `create-admin`, the owner names the venue, sets Sunday's hours and a court price
// in the admin, and a guest books and pays at that price.

const OWNER = { email: "owner@riverside.example", password: "riverside-owner-2026-secret" };

/** A port nobody listens on now (not one derived from E2E_PORT, which other runs on this machine use). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

let base = "";
let dataDir = "";
let env: Record<string, string> = {};
let server: ChildProcess | null = null;

function run(args: string[], stdin = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
    child.stdin.end(stdin);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = `.tmp/first-run-${port}`;
  env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    AUTH_SECRET: "first-run-e2e-secret-0123456789abcdef0123456789",
    PUBLIC_URL: base,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    STRIPE_SECRET_KEY: "",
    TEST_CHECKOUT: "true",
    LOG_LEVEL: "warn",
  };
  rmSync(dataDir, { recursive: true, force: true });
  const created = await run(
    ["dist/server/cli/create-admin.js", "--email", OWNER.email, "--name", "Olive Owner"],
    `${OWNER.password}\n`,
  );
  expect(created).toContain("Admin account created");
  server = spawn(process.execPath, ["dist/server/main.js"], { env, stdio: "inherit" });
  for (let i = 0; i < 200; i++) {
    // Ours, not another process that took the port meanwhile: it must still be running.
    if (server.exitCode !== null) throw new Error("the fresh venue's server exited at start");
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the fresh venue's server did not come up");
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.on("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The next weekday after the venue's today. */
async function nextWeekday(page: Page): Promise<string> {
  const { today } = (await (await page.request.get(`${base}/api/booking/context`)).json()) as {
    today: string;
  };
  const d = new Date(`${today}T12:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while ([0, 6].includes(d.getUTCDay()));
  return d.toISOString().slice(0, 10);
}

test("a new venue: create-admin, then name, hours and a price in the admin, then a guest's paid booking", async ({
  page,
  browser,
}) => {
  // The owner signs in and finds the venue bookable already: the spec's courts, bays and hours.
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel(/^Password/).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${base}/admin/settings/courts`);
  await expect(page.getByTestId("facility-row")).toHaveCount(12);

  await page.goto(`${base}/admin/settings/venue`);
  await page.getByLabel("Venue name").fill("Riverside Pickle & Darts");
  await page.getByRole("button", { name: "Save Venue Details" }).click();
  await toast(page, "Venue details saved");

  await page.goto(`${base}/admin/settings/hours`);
  await page.getByLabel("Sunday opens").fill("09:00");
  await page.getByRole("button", { name: "Save Hours" }).click();
  await toast(page, "Opening hours saved");

  await page.goto(`${base}/admin/settings/prices`);
  await page
    .getByRole("group", { name: "Weekdays (Monday–Friday), band 1" })
    .getByLabel("Non-member $/hour")
    .fill("28");
  await page.getByRole("button", { name: "Save Prices" }).click();
  await toast(page, "Prices saved");

  // A guest books the new price and pays on the test checkout.
  const guest = await browser.newPage({ viewport: page.viewportSize() });
  try {
    const date = await nextWeekday(guest);
    await guest.goto(`${base}/book`);
    await expect(guest.getByRole("link", { name: "Riverside Pickle & Darts home" })).toBeVisible();
    await guest.getByLabel(/^Date/).fill(date);
    await guest.getByLabel(/^Duration/).selectOption("60");
    const slot = guest.getByRole("option", { name: /^10:00 AM - 11:00 AM/ });
    await expect(slot).toContainText("$28.00");
    await slot.click();
    await toast(guest, "Item added to cart");
    await guest.getByLabel(/^Name/).fill("Gail Guest");
    await guest.getByLabel(/^Email/).fill("gail@example.com");
    await guest.getByLabel(/terms and conditions/).check();
    await guest.getByRole("button", { name: "Continue to Payment" }).click();
    await guest.getByRole("button", { name: "Pay $28.00" }).click();
    await expect(guest).toHaveURL(/\/test-checkout\//);
    await guest.getByRole("button", { name: "Pay $28.00" }).click();
    await expect(guest.getByRole("heading", { name: "Congrats!" })).toBeVisible();
  } finally {
    await guest.close();
  }
});
