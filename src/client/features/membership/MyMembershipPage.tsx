import { Button, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { MyMembershipResponse } from "../../../contracts/membership";
import { LoadError } from "../../components/LoadError";
import { WithAdminSidebar } from "../../components/layout/AppLayout";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import { useMyMembership } from "./api/get-my-membership";
import { CancelMembershipSection } from "./CancelMembershipSection";
import { InvoicesSection } from "./InvoicesSection";
import { MembershipPlanCard } from "./MembershipPlanCard";
import { PaymentMethodSection } from "./PaymentMethodSection";

/**
 * Issue 34 item 4: a member's own membership — plan, price, renewal or end date, the card and the
 * invoices — with "Change card" on the payment provider's hosted page and, when the venue allows it,
 * cancelling at period end. Every figure and rule is the server's.
 */
export default function MyMembershipPage() {
  const { isAdmin } = useSession();
  const query = useMyMembership();
  const [params, setParams] = useSearchParams();

  // Back from the billing page with a new card.
  useEffect(() => {
    if (params.get("card") !== "updated") return;
    notifySuccess("Your card has been updated");
    setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <WithAdminSidebar enabled={isAdmin}>
      <Stack maw={640} w="100%" gap="md">
        <Title order={1}>My Membership</Title>
        {query.isPending && <MembershipSkeleton />}
        {query.isError && (
          <LoadError
            message={errorMessage(query.error, "Failed to load your membership")}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        )}
        {query.data && <MembershipView data={query.data} />}
      </Stack>
    </WithAdminSidebar>
  );
}

function MembershipSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your membership" role="status">
      <Skeleton height={132} radius="md" />
      <Skeleton height={96} radius="md" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

function MembershipView({ data }: { data: MyMembershipResponse }) {
  const venue = useVenue();
  const { membership, selfCancel } = data;
  if (!membership) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            You don't have a membership
          </Title>
          <Text>
            Members get free court time every week, priority booking and member prices. Join {venue.clubName}{" "}
            online in a minute.
          </Text>
          <Button component={Link} to="/signup">
            Join {venue.clubName}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <MembershipPlanCard membership={membership} />
      <PaymentMethodSection membership={membership} />
      <InvoicesSection membership={membership} />
      <CancelMembershipSection membership={membership} selfCancel={selfCancel} />
    </>
  );
}
