import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

// The seeded demo accounts (src/server/demo/seed.ts), demo only.
export const ADMIN = { email: "admin@backspin-social.example", password: "demo-admin-2026" };
export const MEMBER = { email: "member@backspin-social.example", password: "demo-member-2026" };
export const FROZEN = { email: "frozen@backspin-social.example", password: "demo-frozen-2026" };

/**
 * A member of their own, for a test that changes its account (the password, say) while the demo
 * accounts stay as the other tests expect: the signup's API and the built-in test checkout's Pay
 * (membership.spec.ts joins through the pages). Desktop and phone each get their own.
 */
export async function newMember(page: Page, testInfo: TestInfo, name: string) {
  const who = {
    email: `${name}-${testInfo.project.name}-${Date.now().toString(36)}@example.test`,
    password: "fresh-member-2026",
  };
  const signup = await page.request.post("/api/membership/checkout", {
    data: {
      email: who.email,
      plan: "monthly",
      firstName: "Fresh",
      lastName: "Member",
      password: who.password,
    },
  });
  expect(signup.status()).toBe(200);
  const { url } = (await signup.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`, { maxRedirects: 0 })).status()).toBe(303);
  return who;
}

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function openMenuIfPhone(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
}

/**
 * Waits until no toast shows. On a phone they come in at the top centre, over the header, for 4 s:
 * a test about to tap the header's menu waits as a person would (the pointer kept off them, since
 * resting on one pauses it).
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);
}

export async function toast(page: Page, text: string) {
  // A pointer resting on the toast stack pauses auto-close, which holds back queued toasts (at most
  // five show at once); move it away as a person glancing at the corner would.
  await page.mouse.move(0, 0);
  await expect(page.locator(".mantine-Notification-root", { hasText: text })).toBeVisible();
}

/**
 * Records every toast's text from now on, shown or already gone. A toast lasts 4 s of the page's
 * clock; after a jump of the fake clock the page's busiest render follows, and under load a check
 * for the toast on screen can come after it left. `seen(text)` waits until one with the text came.
 */
export async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    const record = () => {
      for (const el of document.querySelectorAll(".mantine-Notification-root")) {
        const text = el.textContent ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return {
    seen: (text: string) =>
      expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts.join("\n")),
        )
        .toContain(text),
  };
}

/** A page's WCAG 2.x A/AA check with no serious or critical finding (accessibility.spec.ts checks every route). */
export async function noSeriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
