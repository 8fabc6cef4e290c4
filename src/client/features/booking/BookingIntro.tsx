import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconSparkles, IconUserCheck } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { BookingContext } from "../../../contracts/booking";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import classes from "./booking.module.css";

// Only staff who are members see the toggle: guests' first load (SPEC §2 /book) does not carry it.
const PricingToggle = lazy(() => import("./PricingToggle"));

type Props = {
  context: BookingContext;
  nonMemberPricing: boolean;
  onNonMemberPricingChange: (value: boolean) => void;
  showPricingToggle: boolean;
};

/** The page's heading: shown at once, while the booking context is still on its way. */
export function BookingHeading() {
  const venue = useVenue();
  return (
    <>
      <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
        Your Game Starts Here at {venue.venueName}
      </Title>
      <Text c="dimmed" size="lg">
        Book a pickleball court or a dart bay in a few taps.
      </Text>
    </>
  );
}

/** The heading, the member/guest link, the admin's pricing toggle and "Booking for" (SPEC §2). */
export function BookingIntro({
  context,
  nonMemberPricing,
  onNonMemberPricingChange,
  showPricingToggle,
}: Props) {
  const venue = useVenue();
  const { user, isMember } = useSession();
  const who = context.bookingFor;
  return (
    <Stack gap="sm" mb="lg">
      <BookingHeading />
      <Group gap="sm">
        {user && isMember && !who && (
          <Button
            component={Link}
            to="/member-reservations"
            variant="light"
            className={classes.wrapButton}
            leftSection={<IconSparkles size={18} />}
          >
            Click Here For Free {venue.clubName} Reservations
          </Button>
        )}
        {!user && (
          <Button
            component={Link}
            to="/signup"
            variant="light"
            className={classes.wrapButton}
            leftSection={<IconSparkles size={18} />}
          >
            Join {venue.clubName} For Discounts &amp; Perks
          </Button>
        )}
      </Group>
      {who && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconUserCheck size={20} />}
          title={`Booking for ${who.firstName} ${who.lastName}`}
        >
          {who.email}
        </Alert>
      )}
      {context.canUseNonMemberPricing && showPricingToggle && (
        <Suspense fallback={null}>
          <PricingToggle checked={nonMemberPricing} onChange={onNonMemberPricingChange} />
        </Suspense>
      )}
    </Stack>
  );
}
