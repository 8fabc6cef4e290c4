import { Anchor, Box, Burger, Button, Container, Group, Image, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { useSession } from "../../lib/session";
import { useSignOut } from "../../lib/use-sign-out";
import { useVenue } from "../../lib/venue";
import classes from "./Header.module.css";
import { NotificationsHost } from "./NotificationsHost";
import { desktopLinks } from "./nav-links";
import { useToastLane } from "./use-toast-lane";

const MobileMenu = lazy(() => import("./MobileMenu"));

export function Header() {
  const { user } = useSession();
  const venue = useVenue();
  const signOut = useSignOut();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The menu's code is fetched at the first tap and then stays mounted, so it can slide out again.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const toastLane = useToastLane();

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <UnstyledButton
          component={Link}
          to="/book"
          className={classes.brand}
          aria-label={`${venue.venueName} home`}
        >
          <Image src={venue.logoUrl} alt="" w={36} h={36} />
          <Text fw={800} size="lg">
            {venue.venueName}
          </Text>
        </UnstyledButton>

        <Group gap="xs" visibleFrom="md" component="nav" aria-label="Main">
          {desktopLinks(user).map((link) => (
            <Anchor key={link.to} component={RouterNavLink} to={link.to} className={classes.link}>
              {link.label}
            </Anchor>
          ))}
          {user && (
            <Button variant="default" size="xs" onClick={signOut}>
              Sign Out
            </Button>
          )}
        </Group>

        <Burger
          opened={opened}
          onClick={() => {
            setMenuLoaded(true);
            toggle();
          }}
          hiddenFrom="md"
          aria-label="Open menu"
        />
      </Container>
      {/* The toasts' lane: part of the sticky header, so a toast pushes the page down instead of
          lying over a button or the menu (issue 34; docs/decisions/026). */}
      <div className={classes.toastLane} ref={toastLane}>
        <NotificationsHost />
      </div>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            user={user}
            venueName={venue.venueName}
            clubName={venue.clubName}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      )}
    </Box>
  );
}
