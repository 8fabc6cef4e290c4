import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { TOAST_LIMIT } from "../../lib/notify";
import classes from "./Header.module.css";

/**
 * SPEC §9 Notifications, 4000 ms, shown in the header's lane (Header.tsx) rather than over the page:
 * a corner of the screen always lies over some page's controls (issue 34 found the cart's Total and
 * Continue to Payment under them on a desktop, the menu on a phone). At most two at once.
 */
export default function Toasts() {
  return (
    <Notifications
      position="top-center"
      withinPortal={false}
      autoClose={4000}
      limit={TOAST_LIMIT}
      containerWidth={560}
      classNames={{ root: classes.toasts }}
    />
  );
}
