import "@mantine/notifications/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";

/**
 * SPEC §9 Notifications, 4000 ms. Bottom right on a wide screen; on a phone the bottom holds the
 * sticky cart bar and the form's buttons, so toasts come in at the top centre instead (issue 14).
 */
export default function Toasts() {
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? "top-center" : "bottom-right"} autoClose={4000} />;
}
