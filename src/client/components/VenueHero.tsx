import type { ReactNode } from "react";
import { HERO_ART_SIZE, type LandingHero } from "../../contracts/landing-heroes";
import { useVenue } from "../lib/venue";

/**
 * The top of /book and /events (issue 34 item 2): the venue's logo from its identity settings (the
 * demo's until staff upload one) and the page's heading on the app's illustration. Plain elements
 * styled in index.html, which the server's first paint draws identically (static-files.ts).
 */
export function VenueHero({ hero, children }: { hero: LandingHero; children?: ReactNode }) {
  const venue = useVenue();
  return (
    <div className={`hero ${hero.variant}`}>
      <img className="hero-art" src={hero.art} alt="" {...HERO_ART_SIZE} fetchPriority="high" />
      <div className="hero-body">
        <img className="hero-logo" src={venue.logoUrl} alt="" width={40} height={40} />
        <h1 className="hero-title">{hero.title(venue.venueName)}</h1>
        <p className="hero-lead">{hero.lead(venue.venueName)}</p>
        {children}
      </div>
    </div>
  );
}
