import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Image,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, NavLink as RouterNavLink } from "react-router";
import { useSession } from "../../lib/session";
import { useSignOut } from "../../lib/use-sign-out";
import { useVenue } from "../../lib/venue";
import classes from "./Header.module.css";
import { desktopLinks, mobileLinks } from "./nav-links";

export function Header() {
  const { user } = useSession();
  const venue = useVenue();
  const signOut = useSignOut();
  const [opened, { toggle, close }] = useDisclosure(false);

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

        <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open menu" />
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        title={venue.venueName}
        hiddenFrom="md"
      >
        <Stack gap="xs" component="nav" aria-label="Mobile">
          {mobileLinks(user, venue.clubName).map((link) => (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              onClick={close}
              className={classes.mobileLink}
            >
              {link.label}
            </Anchor>
          ))}
          {user && (
            <Button
              variant="light"
              color="red"
              mt="md"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Sign Out
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
