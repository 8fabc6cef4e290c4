import { eq } from "drizzle-orm";
import type { VenueSettings } from "../../contracts/settings";
import { DAY_NAMES } from "../../domain/venue-hours";
import { DEFAULT_BRAND_COLOR } from "../../domain/venue-identity";
import { formatTime12 } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { venueSettings } from "../db/schema";
import type { Config } from "../lib/config";
import { present } from "../lib/present";
import { loadScheduleRules } from "./schedule-rules";
import { cachedVenueReader } from "./venue-rules-cache";

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

export type VenueIdentity = { -readonly [K in keyof typeof DEMO_VENUE]: string } & {
  brandColor: string;
  /** As staff set them; "" means the policy host's own page. */
  privacyUrl: string;
  termsUrl: string;
  refundUrl: string;
};

/**
 * Order of precedence: the settings table, then the environment, then the demo venue (issue 31:
 * the environment is a first run's default only; staff edit the identity in Settings › Venue).
 * Cached until the venue's rules change (venue-rules-cache.ts).
 */
const readVenueIdentity = (config: Config) =>
  cachedVenueReader(async (db): Promise<VenueIdentity> => {
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
      brandColor: row?.brandColor ?? DEFAULT_BRAND_COLOR,
      privacyUrl: row?.privacyUrl ?? "",
      termsUrl: row?.termsUrl ?? "",
      refundUrl: row?.refundUrl ?? "",
    };
  });

const identityReaders = new WeakMap<Config, (db: Db) => Promise<VenueIdentity>>();

export function loadVenueIdentity(db: Db, config: Config): Promise<VenueIdentity> {
  let read = identityReaders.get(config);
  if (!read) {
    read = readVenueIdentity(config);
    identityReaders.set(config, read);
  }
  return read(db);
}

/** The three policy pages players follow: staff's own links, or the policy host's pages. */
export function policyLinks(venue: VenueIdentity) {
  const onHost = (path: string) => `https://${venue.policyHost}/${path}`;
  return {
    privacy: venue.privacyUrl || onHost("privacy-policy"),
    terms: venue.termsUrl || onHost("terms-and-conditions"),
    refund: venue.refundUrl || onHost("refund-policy"),
  };
}

/** The footer's hours (the weekly ones), grouped: consecutive days with the same hours share a line. */
export async function loadHoursSummary(db: Db): Promise<Array<{ label: string; hours: string }>> {
  const { week } = await loadScheduleRules(db);
  const order = [1, 2, 3, 4, 5, 6, 0]; // weeks start on Monday (SPEC §9)
  const groups: Array<{ days: number[]; hours: string }> = [];
  for (const day of order) {
    const row = week[day];
    if (!row) continue;
    const hours = `${formatTime12(row.opensAt)}–${formatTime12(row.closesAt)}`;
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
  return {
    venueName: identity.venueName,
    clubName: identity.clubName,
    phone: identity.phone,
    email: identity.email,
    address: identity.address,
    policyHost: identity.policyHost,
    logoUrl: identity.logoUrl,
    waiverUrl: identity.waiverUrl,
    brandColor: identity.brandColor,
    policyLinks: policyLinks(identity),
    hours,
    testCheckout: config.testCheckoutEnabled,
  };
}
