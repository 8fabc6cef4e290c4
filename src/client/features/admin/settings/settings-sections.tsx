import { type ComponentType, type LazyExoticComponent, lazy } from "react";

// The one list of /admin/settings sections (issue 31 and the helpers' agreement): the side (desktop)
// or top (phone) navigation and the page are built from it. A section is one entry here: its
// address (/admin/settings/<slug>), its label, and its component (its own chunk).

export type SettingsSection = {
  slug: string;
  label: string;
  component: LazyExoticComponent<ComponentType>;
};

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { slug: "venue", label: "Venue", component: lazy(() => import("./venue/VenueSection")) },
  { slug: "courts", label: "Courts", component: lazy(() => import("./courts/CourtsSection")) },
  { slug: "hours", label: "Hours", component: lazy(() => import("./hours/HoursSection")) },
  { slug: "prices", label: "Prices", component: lazy(() => import("./prices/PricesSection")) },
  {
    slug: "booking-rules",
    label: "Booking rules",
    component: lazy(() => import("./booking-rules/BookingRulesSection")),
  },
  {
    slug: "plans",
    label: "Membership plans",
    component: lazy(() => import("./plans/MembershipPlansSection")),
  },
  { slug: "policies", label: "Policies", component: lazy(() => import("./PoliciesSection")) },
];
