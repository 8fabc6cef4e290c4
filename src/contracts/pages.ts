// The web app's pages (src/client/router.tsx), shared with the server, which answers an address
// that is none of them with HTTP 404 (the same page, which says so), and names each page in its
// <title> (issue 34). A route added to the router is added here too (pages.test.ts checks).

type Page = { pattern: RegExp; title: string };

const PAGES: Page[] = [
  { pattern: /^\/(book)?$/, title: "Book a Court or Dart Bay" },
  { pattern: /^\/login$/, title: "Member Login" },
  { pattern: /^\/signup$/, title: "Join the Club" },
  { pattern: /^\/forgot-password$/, title: "Forgot Password" },
  { pattern: /^\/reset-password$/, title: "Set New Password" },
  { pattern: /^\/member-reservations$/, title: "Member Free Reservations" },
  { pattern: /^\/events$/, title: "Upcoming Events" },
  { pattern: /^\/events\/[^/]+$/, title: "Event" },
  { pattern: /^\/waitlist\/[^/]+$/, title: "Waitlist" },
  { pattern: /^\/registrations\/[^/]+$/, title: "Your Registration" },
  { pattern: /^\/my-reservations$/, title: "My Reservations" },
  { pattern: /^\/my-profile$/, title: "My Profile" },
  { pattern: /^\/my-membership$/, title: "My Membership" },
  { pattern: /^\/admin$/, title: "Admin Dashboard" },
  { pattern: /^\/admin\/events$/, title: "Events (Admin)" },
  { pattern: /^\/admin\/check-in$/, title: "Check-in" },
  { pattern: /^\/admin\/members$/, title: "Active Members" },
  { pattern: /^\/admin\/coupons$/, title: "Coupon Codes" },
  { pattern: /^\/admin\/audit$/, title: "Audit Log" },
  { pattern: /^\/admin\/exports$/, title: "Exports" },
  { pattern: /^\/admin\/reports$/, title: "Reports" },
  { pattern: /^\/admin\/staff$/, title: "Staff" },
  { pattern: /^\/staff-invite$/, title: "Join the Staff" },
  { pattern: /^\/admin\/settings(\/[a-z-]+)?$/, title: "Venue Settings" },
  { pattern: /^\/admin\/events\/[^/]+\/edit$/, title: "Edit Event" },
  { pattern: /^\/create-event$/, title: "Create New Event" },
  { pattern: /^\/success$/, title: "Booking Confirmed" },
  { pattern: /^\/cancel$/, title: "Payment Cancelled" },
  { pattern: /^\/manage\/[^/]+$/, title: "Your Booking" },
  { pattern: /^\/membership-success$/, title: "Welcome to the Club" },
  { pattern: /^\/membership-cancel$/, title: "Membership Not Completed" },
];

export const NOT_FOUND_TITLE = "Page Not Found";

/** The page's own name for a path (a trailing slash allowed), or null for an address with no page. */
export function pageName(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGES.find((p) => p.pattern.test(path))?.title ?? null;
}

/** "My Reservations · Backspin Social": the page first, so tabs and history tell pages apart. */
export const documentTitle = (name: string, venueName: string) => `${name} · ${venueName}`;
