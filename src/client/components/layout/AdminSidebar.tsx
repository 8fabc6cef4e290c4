import { Box, Burger, Drawer, NavLink as MantineNavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { NavLink, useLocation } from "react-router";
import type { StaffRole } from "../../../domain/staff-roles";
import { useSession } from "../../lib/session";
import classes from "./AdminSidebar.module.css";

// SPEC §2 Admin side bar; issue 33: each link shows to the staff roles its screen is for.
const LINKS: Array<{ label: string; to: string; role: StaffRole }> = [
  { label: "Dashboard", to: "/admin", role: "front_desk" },
  { label: "Check-in", to: "/admin/check-in", role: "front_desk" },
  { label: "Members", to: "/admin/members", role: "front_desk" },
  { label: "Events", to: "/admin/events", role: "front_desk" },
  { label: "Coupons", to: "/admin/coupons", role: "manager" },
  { label: "Live Events", to: "/events", role: "front_desk" },
  { label: "Audit Log", to: "/admin/audit", role: "manager" },
  { label: "Reports", to: "/admin/reports", role: "manager" },
  { label: "Exports", to: "/admin/exports", role: "manager" },
  { label: "Settings", to: "/admin/settings", role: "manager" },
  { label: "Staff", to: "/admin/staff", role: "owner" },
  { label: "My Profile", to: "/my-profile", role: "front_desk" },
];

const isActive = (to: string, pathname: string) =>
  to === "/admin" ? pathname === "/admin" : pathname.startsWith(to);

function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { staffCan } = useSession();
  return (
    <Stack gap={2}>
      {LINKS.filter((link) => staffCan(link.role)).map((link) => (
        <MantineNavLink
          key={link.to}
          component={NavLink}
          to={link.to}
          end={link.to === "/admin"}
          label={link.label}
          active={isActive(link.to, pathname)}
          className={classes.item}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}

/**
 * The side bar beside the page from 48em up; on a phone, a bar naming the current screen whose
 * button opens the same links in a drawer (issue 14: the strip of links was cut off at 375 px).
 */
export function AdminSidebar() {
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const current = LINKS.find((link) => isActive(link.to, pathname))?.label ?? "Admin";
  return (
    <>
      <nav aria-label="Admin" className={classes.sidebar}>
        <ScrollArea type="never">
          <AdminLinks />
        </ScrollArea>
      </nav>
      <Box className={classes.phoneBar}>
        <Burger opened={opened} onClick={toggle} size="sm" aria-label="Admin menu" />
        <Text fw={700}>{current}</Text>
      </Box>
      <Drawer opened={opened} onClose={close} title="Admin" size={260} hiddenFrom="sm">
        <nav aria-label="Admin">
          <AdminLinks onNavigate={close} />
        </nav>
      </Drawer>
    </>
  );
}
