import { Anchor, Button, Drawer, Stack } from "@mantine/core";
import { Link } from "react-router";
import type { CurrentUser } from "../../../contracts/auth";
import classes from "./Header.module.css";
import { mobileLinks } from "./nav-links";

/**
 * The slide-in menu of a phone (SPEC §2 Navigation bar). A chunk of its own, fetched at the first
 * tap on the menu button: the drawer's machinery is not part of a page's first load.
 */
export default function MobileMenu(props: {
  opened: boolean;
  onClose: () => void;
  user: CurrentUser | null;
  venueName: string;
  clubName: string;
  onSignOut: () => void;
}) {
  const { opened, onClose, user } = props;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={props.venueName}
      hiddenFrom="md"
    >
      <Stack gap="xs" component="nav" aria-label="Mobile">
        {mobileLinks(user, props.clubName).map((link) => (
          <Anchor
            key={link.to}
            component={Link}
            to={link.to}
            onClick={onClose}
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
              onClose();
              props.onSignOut();
            }}
          >
            Sign Out
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
