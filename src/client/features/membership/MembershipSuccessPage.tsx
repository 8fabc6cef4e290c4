import { Button } from "@mantine/core";
import { IconConfetti } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ResultCard } from "../../components/ResultCard";
import { notifySuccess } from "../../lib/notify";
import { useVenue } from "../../lib/venue";

/**
 * SPEC §2 /membership-success. The account is created by the payment provider's signed webhook on
 * the server (DECISIONS.md), never by arriving here; this page only welcomes and points to login.
 */
export default function MembershipSuccessPage() {
  const venue = useVenue();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !venue.venueName) return;
    shown.current = true;
    notifySuccess(`Welcome to ${venue.clubName}!`);
  }, [venue.venueName, venue.clubName]);

  return (
    <ResultCard
      icon={<IconConfetti size={44} />}
      color="teal"
      title={venue.venueName ? `Welcome to ${venue.clubName}!` : "Welcome to the club!"}
      actions={
        <Button component={Link} to="/login" size="lg" fullWidth>
          Login to Your Account
        </Button>
      }
    >
      Your membership has been confirmed. Check your email for your welcome package.
    </ResultCard>
  );
}
