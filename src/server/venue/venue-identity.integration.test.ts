import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import { imageBytes } from "../../../tests/integration/kits/events-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { VenueSettings } from "../../contracts/settings";
import type { VenueIdentityBody, VenueIdentityDto } from "../../contracts/venue";
import { auditLog, venueSettings } from "../db/schema";

// Issue 31 item 4: staff edit the venue's identity; the environment is a first run's default only.
let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed({ VENUE_NAME: "Env Venue", VENUE_PHONE: "(512) 555-0199" });
});
afterAll(() => bed?.t.close());

const body = (overrides: Partial<VenueIdentityBody> = {}): VenueIdentityBody => ({
  venueName: "Lakeside Pickle & Darts",
  clubName: "Lakeside Club",
  phone: "(737) 555-0123",
  email: "hi@lakeside.example",
  address: "9 Shore Road, Austin, TX 78702",
  policyHost: "lakeside.example",
  privacyUrl: "",
  termsUrl: "https://docs.lakeside.example/terms",
  refundUrl: "",
  brandColor: "#1D4ED8",
  ...overrides,
});

const publicSettings = async () => (await (await bed.t.request("/api/settings")).json()) as VenueSettings;
const upload = (kind: "logo" | "waiver", bytes: Uint8Array, name: string, type: string) => {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return bed.admin.request(`/api/admin/venue/${kind}`, { method: "POST", body: form });
};
const pdfBytes = () => new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("the venue's identity in Settings › Venue", () => {
  it("starts from the environment, then the demo venue", async () => {
    const identity = (await (await bed.admin.get("/api/admin/venue")).json()) as VenueIdentityDto;
    expect(identity.venueName).toBe("Env Venue");
    expect(identity.phone).toBe("(512) 555-0199");
    expect(identity.clubName).toBe("Backspin Club");
    expect(identity.brandColor).toBe("#077352");
  });

  it("saves, shows at once on every page's settings, and is audited with before and after", async () => {
    const saved = await bed.admin.put("/api/admin/venue", body());
    expect(saved.status).toBe(200);
    const settings = await publicSettings();
    expect(settings.venueName).toBe("Lakeside Pickle & Darts");
    expect(settings.brandColor).toBe("#1d4ed8");
    expect(settings.policyLinks).toEqual({
      privacy: "https://lakeside.example/privacy-policy",
      terms: "https://docs.lakeside.example/terms",
      refund: "https://lakeside.example/refund-policy",
    });
    const [audit] = await bed.t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.action).toBe("update_venue_identity");
    expect(audit?.actorUserId).toBe(bed.adminId);
    const details = audit?.details as { before: Record<string, string>; after: Record<string, string> };
    expect(details.before.venueName).toBe("Env Venue");
    expect(details.after.venueName).toBe("Lakeside Pickle & Darts");
    expect(details.after.brandColor).toBe("#1d4ed8");
    expect(details.before.address).toBeDefined();
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await bed.t.db.select().from(venueSettings).where(eq(venueSettings.id, 1));
    const cases: Array<[Partial<VenueIdentityBody>, string]> = [
      [{ brandColor: "#ffeb3b" }, "The brand colour is too light"],
      [{ brandColor: "teal" }, "Enter the brand colour as #rrggbb"],
      [{ email: "not-an-email" }, "Enter a valid email address"],
      [{ venueName: "  " }, "The venue's name is required"],
      [{ policyHost: "https://x.example" }, "without https://"],
      [{ privacyUrl: "javascript:alert(1)" }, "must be a web address"],
    ];
    for (const [overrides, message] of cases) {
      const refused = await bed.admin.put("/api/admin/venue", body({ venueName: "Changed", ...overrides }));
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toContain(message);
    }
    expect(await bed.t.db.select().from(venueSettings).where(eq(venueSettings.id, 1))).toEqual(before);
  });

  it("takes a logo that is an image and a waiver that is a PDF, judged by content, and serves them", async () => {
    const logo = await upload("logo", imageBytes("png"), "logo.png", "image/png");
    expect(logo.status).toBe(200);
    const { logoUrl } = (await logo.json()) as VenueIdentityDto;
    expect(logoUrl).toMatch(/^\/storage\/venue\/logo-\d+-[0-9a-f]{12}\.png$/);
    expect((await publicSettings()).logoUrl).toBe(logoUrl);
    const served = await bed.t.request(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const waiver = await upload("waiver", pdfBytes(), "waiver.pdf", "application/pdf");
    expect(waiver.status).toBe(200);
    const { waiverUrl } = (await waiver.json()) as VenueIdentityDto;
    expect((await bed.t.request(waiverUrl)).headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses a file that is not what it claims, and keeps the old one", async () => {
    const { logoUrl, waiverUrl } = (await (
      await bed.admin.get("/api/admin/venue")
    ).json()) as VenueIdentityDto;
    const script = new TextEncoder().encode("<script>alert(1)</script>");
    const fakeLogo = await upload("logo", script, "logo.png", "image/png");
    expect(fakeLogo.status).toBe(400);
    expect((await errorOf(fakeLogo)).message).toBe("The logo must be a JPEG, PNG, GIF or WebP image");
    const fakeWaiver = await upload("waiver", imageBytes("png"), "waiver.pdf", "application/pdf");
    expect(fakeWaiver.status).toBe(400);
    expect((await errorOf(fakeWaiver)).message).toBe("The waiver must be a PDF file");
    const after = (await (await bed.admin.get("/api/admin/venue")).json()) as VenueIdentityDto;
    expect([after.logoUrl, after.waiverUrl]).toEqual([logoUrl, waiverUrl]);
  });

  it("is for staff only", async () => {
    const member = await bed.t.createMember();
    const client = await bed.t.signIn(member.email, member.password);
    expect((await client.put("/api/admin/venue", body())).status).toBe(403);
    expect((await bed.t.client().get("/api/admin/venue")).status).toBe(401);
  });
});
