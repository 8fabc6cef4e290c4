// The heroes of the two landing pages (issue 34 item 2), shared by the server's first paint
// (http/static-files.ts) and the app (components/VenueHero.tsx), which draw the same markup: the
// same words and picture in the same place, so nothing moves when the app takes over.

export type LandingHero = {
  /** The picture under the heading: the app's own illustration (public/files, scripts/demo-images.mjs). */
  art: string;
  title: (venueName: string) => string;
  lead: (venueName: string) => string;
  /** A class beside `hero` that sizes it (index.html): the booking hero keeps room for its link. */
  variant: "hero-book" | "hero-events";
};

export const BOOK_HERO: LandingHero = {
  art: "/files/venue-hero.svg",
  // SPEC §2 Booking screen: a short slogan that uses the product's name.
  title: (venueName) => `Your Game Starts Here at ${venueName}`,
  lead: () => "Book a pickleball court or a dart bay in a few taps.",
  variant: "hero-book",
};

export const EVENTS_HERO: LandingHero = {
  art: "/files/events-hero.svg",
  title: () => "Upcoming Events",
  lead: (venueName) => `Open play, leagues, clinics and socials at ${venueName}.`,
  variant: "hero-events",
};

/** The picture's own size (width and height on the <img>: no layout shift while it loads). */
export const HERO_ART_SIZE = { width: 1200, height: 400 } as const;
