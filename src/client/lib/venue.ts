import { useQuery } from "@tanstack/react-query";
import type { VenueSettings } from "../../contracts/settings";
import { DEFAULT_BRAND_COLOR } from "../../domain/venue-identity";
import { api } from "./api";
import { takeServedData } from "./served-data";

const FALLBACK: VenueSettings = {
  venueName: "",
  clubName: "the club",
  phone: "",
  email: "",
  address: "",
  policyHost: "",
  logoUrl: "/files/logo.svg",
  waiverUrl: "/files/liability-waiver.pdf",
  brandColor: DEFAULT_BRAND_COLOR,
  policyLinks: { privacy: "", terms: "", refund: "" },
  hours: [],
  testCheckout: false,
};

/** The venue's name, contact and hours, from the server's settings (never literals in components). */
export const venueSettingsKey = ["settings"] as const;

export function useVenue(): VenueSettings {
  const { data } = useQuery({
    queryKey: venueSettingsKey,
    queryFn: () => api<VenueSettings>("/settings"),
    initialData: () => takeServedData<VenueSettings>("settings-data"),
    staleTime: 5 * 60_000,
  });
  return data ?? FALLBACK;
}
