import { NavLink as MantineNavLink, ScrollArea, Stack } from "@mantine/core";
import { NavLink, useLocation } from "react-router";
import classes from "./AdminSidebar.module.css";

// SPEC §2 Admin side bar.
const LINKS = [
  { label: "Dashboard", to: "/admin" },
  { label: "Members", to: "/admin/members" },
  { label: "Events", to: "/admin/events" },
  { label: "Coupons", to: "/admin/coupons" },
  { label: "Live Events", to: "/events" },
  { label: "Audit Log", to: "/admin/audit" },
  { label: "My Profile", to: "/my-profile" },
];

export function AdminSidebar() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Admin" className={classes.sidebar}>
      <ScrollArea type="never">
        <Stack gap={2} className={classes.list}>
          {LINKS.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.to === "/admin"}
              label={link.label}
              active={link.to === "/admin" ? pathname === "/admin" : pathname.startsWith(link.to)}
              className={classes.item}
            />
          ))}
        </Stack>
      </ScrollArea>
    </nav>
  );
}
