import type { CurrentUser } from "../../../contracts/auth";

export type NavLink = { label: string; to: string };

// SPEC §2 Navigation bar: which links each kind of user sees, on the desktop bar and in the mobile menu.
export function desktopLinks(user: CurrentUser | null): NavLink[] {
  const links: NavLink[] = [{ label: "Play", to: "/book" }];
  if (!user?.isAdmin) links.push({ label: "Events", to: "/events" });
  if (user?.isAdmin) links.push({ label: "Admin", to: "/admin" });
  if (user && !user.isAdmin) {
    links.push(
      { label: "My Reservations", to: "/my-reservations" },
      { label: "Book Free Court", to: "/member-reservations" },
    );
  }
  if (user) links.push({ label: "My Profile", to: "/my-profile" });
  else links.push({ label: "Member Login", to: "/login" });
  return links;
}

export function mobileLinks(user: CurrentUser | null, clubName: string): NavLink[] {
  if (user?.isAdmin) {
    return [
      { label: "My Profile", to: "/my-profile" },
      { label: "Admin Dashboard", to: "/admin" },
      { label: "Play", to: "/book" },
    ];
  }
  if (user) {
    return [
      { label: "My Profile", to: "/my-profile" },
      { label: "Home", to: "/book" },
      { label: "Book Free Court", to: "/member-reservations" },
      { label: "Events", to: "/events" },
      { label: "My Reservations", to: "/my-reservations" },
    ];
  }
  return [
    { label: "Play", to: "/book" },
    { label: "Events", to: "/events" },
    { label: `Join ${clubName}`, to: "/signup" },
    { label: "Member Login", to: "/login" },
  ];
}
