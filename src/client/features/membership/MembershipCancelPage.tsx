import { Button } from "@mantine/core";
import { IconCircleX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { ResultCard } from "../../components/ResultCard";
import { notifyError } from "../../lib/notify";

/** SPEC §2 /membership-cancel: the subscription checkout was left unpaid; no account was made. */
export default function MembershipCancelPage() {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notifyError("Membership signup was not completed");
  }, []);

  return (
    <ResultCard
      icon={<IconCircleX size={44} />}
      color="orange"
      title="Membership Not Completed"
      actions={
        <>
          <Button component={Link} to="/signup" size="lg" fullWidth>
            Try Again
          </Button>
          <Button size="lg" fullWidth variant="default" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </>
      }
    >
      Your membership signup was not completed and no charges were made. Please try again or contact support
      if you need assistance.
    </ResultCard>
  );
}
