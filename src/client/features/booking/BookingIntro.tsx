import { Button, Stack } from "@mantine/core";
import { IconSparkles, IconUserCheck } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { BookingContext } from "../../../contracts/booking";
import { BOOK_HERO } from "../../../contracts/landing-heroes";
import { Notice } from "../../components/Notice";
import { VenueHero } from "../../components/VenueHero";
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

/** The page's hero: shown at once, while the booking context is still on its way. */
export function BookingHeading({ children }: { children?: React.ReactNode }) {
  return <VenueHero hero={BOOK_HERO}>{children}</VenueHero>;
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
    <Stack gap="xs" mb={{ base: "sm", sm: "lg" }}>
      <BookingHeading>
        {user && isMember && !who && (
          <Button
            component={Link}
            to="/member-reservations"
            variant="white"
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
            variant="white"
            className={classes.wrapButton}
            leftSection={<IconSparkles size={18} />}
          >
            Join {venue.clubName} For Discounts &amp; Perks
          </Button>
        )}
      </BookingHeading>
      {who && (
        <Notice
          color="blue"
          icon={<IconUserCheck size={20} />}
          title={`Booking for ${who.firstName} ${who.lastName}`}
        >
          {who.email}
        </Notice>
      )}
      {context.canUseNonMemberPricing && showPricingToggle && (
        <Suspense fallback={null}>
          <PricingToggle checked={nonMemberPricing} onChange={onNonMemberPricingChange} />
        </Suspense>
      )}
    </Stack>
  );
}
