import { asc, eq } from "drizzle-orm";
import type { VenueSettings } from "../../contracts/settings";
import { formatTime12 } from "../../domain/venue-time";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { operatingHours, venueSettings } from "../db/schema";
import { present } from "../kernel/present";

// The invented demo venue (DECISIONS.md: the venue's identity is settings, never literals in components).
export const DEMO_VENUE = {
  venueName: "Backspin Social",
  clubName: "Backspin Club",
  phone: "(512) 555-0142",
  email: "hello@backspin-social.example",
  address: "1200 Example Avenue, Austin, TX 78701",
  policyHost: "backspin-social.example",
  logoUrl: "/files/logo.svg",
  waiverUrl: "/files/liability-waiver.pdf",
} as const;

export type VenueIdentity = { -readonly [K in keyof typeof DEMO_VENUE]: string };

/** Order of precedence: the settings table, then the environment, then the demo venue. */
export async function loadVenueIdentity(db: Db, config: Config): Promise<VenueIdentity> {
  const row = await db.query.venueSettings.findFirst({ where: eq(venueSettings.id, 1) });
  return {
    venueName: row?.venueName ?? config.VENUE_NAME ?? DEMO_VENUE.venueName,
    clubName: row?.clubName ?? config.CLUB_NAME ?? DEMO_VENUE.clubName,
    phone: row?.phone ?? config.VENUE_PHONE ?? DEMO_VENUE.phone,
    email: row?.email ?? config.VENUE_EMAIL ?? DEMO_VENUE.email,
    address: row?.address ?? config.VENUE_ADDRESS ?? DEMO_VENUE.address,
    policyHost: row?.policyHost ?? config.POLICY_HOST ?? DEMO_VENUE.policyHost,
    logoUrl: row?.logoUrl ?? config.LOGO_URL ?? DEMO_VENUE.logoUrl,
    waiverUrl: row?.waiverUrl ?? config.WAIVER_URL ?? DEMO_VENUE.waiverUrl,
  };
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The footer's hours, grouped from operating_hours: consecutive days with the same hours share a line. */
export async function loadHoursSummary(db: Db): Promise<Array<{ label: string; hours: string }>> {
  const rows = await db.select().from(operatingHours).orderBy(asc(operatingHours.dayOfWeek));
  const byDay = new Map(rows.map((r) => [r.dayOfWeek, r]));
  const order = [1, 2, 3, 4, 5, 6, 0]; // weeks start on Monday (SPEC §9)
  const groups: Array<{ days: number[]; hours: string }> = [];
  for (const day of order) {
    const row = byDay.get(day);
    if (!row) continue;
    const hours = `${formatTime12(row.opensAt.slice(0, 5))}–${formatTime12(row.closesAt.slice(0, 5))}`;
    const last = groups.at(-1);
    const prevDay = last?.days.at(-1);
    if (
      last &&
      last.hours === hours &&
      prevDay !== undefined &&
      order.indexOf(prevDay) === order.indexOf(day) - 1
    ) {
      last.days.push(day);
    } else {
      groups.push({ days: [day], hours });
    }
  }
  return groups.map((g) => {
    const first = present(DAY_NAMES[present(g.days[0])]);
    const last = present(DAY_NAMES[present(g.days.at(-1))]);
    return { label: g.days.length === 1 ? first : `${first}–${last}`, hours: g.hours };
  });
}

export async function loadPublicSettings(db: Db, config: Config): Promise<VenueSettings> {
  const [identity, hours] = await Promise.all([loadVenueIdentity(db, config), loadHoursSummary(db)]);
  return { ...identity, hours, testCheckout: config.testCheckoutEnabled };
}
