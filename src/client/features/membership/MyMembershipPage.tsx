import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCreditCard, IconReceipt } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { MyMembership, MyMembershipResponse } from "../../../contracts/membership";
import { formatBillingDate } from "../../../domain/membership";
import { formatCents } from "../../../domain/money";
import { LoadError } from "../../components/LoadError";
import { WithAdminSidebar } from "../../components/layout/AppLayout";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import { useCancelMyMembership } from "./api/cancel-my-membership";
import { useMyMembership } from "./api/get-my-membership";
import { useOpenBillingPortal } from "./api/open-billing-portal";

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
      <PlanCard membership={membership} />
      <CardSection membership={membership} />
      <InvoicesSection membership={membership} />
      <CancelSection membership={membership} selfCancel={selfCancel} />
    </>
  );
}

/** One titled part of the page, named by its heading for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function PlanCard({ membership }: { membership: MyMembership }) {
  const ending = membership.status === "ending";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Title order={2} size="h3">
              {membership.planLabel}
            </Title>
          </div>
          <Badge color={ending ? "orange" : "teal"} variant="light" size="lg">
            {ending ? "Ending" : "Active"}
          </Badge>
        </Group>
        {membership.compedUntil && membership.plan === null ? (
          <>
            <Text size="lg" fw={700} data-testid="membership-price">
              Complimentary: no charge
            </Text>
            <Text data-testid="membership-renewal">
              Complimentary until {formatBillingDate(membership.compedUntil)}
            </Text>
          </>
        ) : (
          <>
            <Text size="lg" fw={700} data-testid="membership-price">
              {formatCents(membership.priceCents)} / {membership.interval}
            </Text>
            <Text data-testid="membership-renewal">
              {ending && membership.endsOn
                ? `Ends on ${formatBillingDate(membership.endsOn)}. You won't be charged again.`
                : membership.compedUntil
                  ? `Complimentary until ${formatBillingDate(membership.compedUntil)}: no charge until then`
                  : membership.renewsOn
                    ? `Renews on ${formatBillingDate(membership.renewsOn)}`
                    : "Renews automatically"}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          Member since {formatBillingDate(membership.memberSince)}
        </Text>
      </Stack>
    </Paper>
  );
}

function CardSection({ membership }: { membership: MyMembership }) {
  const portal = useOpenBillingPortal();
  const changeCard = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => notifyError(errorMessage(err, "Could not open the billing page. Please try again.")),
    });
  return (
    <Section id="card-title" title="Payment method">
      {!membership.billingAvailable ? (
        <Text size="sm">Your card and invoices can't be shown right now. Please try again later.</Text>
      ) : membership.card ? (
        <Group gap="sm" wrap="nowrap">
          <IconCreditCard size={22} aria-hidden />
          <div>
            <Text fw={600} data-testid="membership-card">
              {membership.card.label}
            </Text>
            <Text size="sm" c="dimmed">
              Expires {String(membership.card.expMonth).padStart(2, "0")}/{membership.card.expYear}
              {membership.testMode ? " · test card" : ""}
            </Text>
          </div>
        </Group>
      ) : (
        <Text size="sm">No card is on file online.</Text>
      )}
      {membership.canChangeCard && membership.billingAvailable ? (
        <Button
          variant="default"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          loading={portal.isPending || portal.isSuccess}
          onClick={changeCard}
          style={{ alignSelf: "flex-start" }}
        >
          Change card
        </Button>
      ) : null}
    </Section>
  );
}

const STATUS_COLORS: Record<string, string> = {
  paid: "teal",
  open: "yellow",
  refunded: "gray",
  void: "gray",
};

function InvoicesSection({ membership }: { membership: MyMembership }) {
  if (!membership.billingAvailable) return null;
  return (
    <Section id="invoices-title" title="Invoices">
      {membership.invoices.length === 0 ? (
        <Text size="sm">No invoices yet. Your first one appears here after your first payment.</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {membership.invoices.map((invoice) => (
            <Group
              component="li"
              key={invoice.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
              data-testid="membership-invoice"
            >
              <Group gap="xs" wrap="nowrap">
                <IconReceipt size={18} aria-hidden />
                <div>
                  <Text size="sm" fw={600}>
                    {formatBillingDate(invoice.date)}
                  </Text>
                  {invoice.number ? (
                    <Text size="xs" c="dimmed">
                      {invoice.number}
                    </Text>
                  ) : null}
                </div>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {formatCents(invoice.amountCents)}
                </Text>
                <Badge color={STATUS_COLORS[invoice.status] ?? "gray"} variant="light">
                  {invoice.status}
                </Badge>
                {invoice.url ? (
                  <Anchor href={invoice.url} target="_blank" rel="noopener noreferrer" size="sm">
                    View<VisuallyHidden> invoice of {formatBillingDate(invoice.date)}</VisuallyHidden>
                  </Anchor>
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function CancelSection({
  membership,
  selfCancel,
}: {
  membership: MyMembership;
  selfCancel: MyMembershipResponse["selfCancel"];
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyMembership();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        const endsOn = result.membership?.endsOn;
        notifySuccess(
          endsOn ? `Your membership will end on ${formatBillingDate(endsOn)}` : "Membership cancelled",
        );
      },
      onError: (err) => {
        setConfirming(false);
        notifyError(errorMessage(err, "Failed to cancel membership"));
      },
    });
  return (
    <Section id="cancel-title" title="Cancel membership">
      <Text size="sm" data-testid="self-cancel-message">
        {selfCancel.message}
      </Text>
      {selfCancel.allowed ? (
        <Button
          color="red"
          variant="outline"
          onClick={() => setConfirming(true)}
          style={{ alignSelf: "flex-start" }}
        >
          Cancel membership
        </Button>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your membership?"
        centered
      >
        <Stack gap="md">
          {membership.renewsOn ? (
            <Alert color="orange">
              Your membership stays active until {formatBillingDate(membership.renewsOn)}, with every benefit.
              Then it ends and you won't be charged again.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep membership
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirm}>
              Cancel membership
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
