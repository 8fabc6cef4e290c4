import { z } from "zod";

// What every page needs to draw the frame: the venue's name, contact and links (DECISIONS.md: settings, never literals).
export const venueSettingsResponse = z.object({
  venueName: z.string(),
  clubName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  policyHost: z.string(),
  logoUrl: z.string(),
  waiverUrl: z.string(),
  /** Issue 31: "#rrggbb", the venue's brand colour (white text on it keeps AA contrast). */
  brandColor: z.string(),
  policyLinks: z.object({ privacy: z.string(), terms: z.string(), refund: z.string() }),
  hours: z.array(z.object({ label: z.string(), hours: z.string() })),
  testCheckout: z.boolean(),
});
export type VenueSettings = z.infer<typeof venueSettingsResponse>;
