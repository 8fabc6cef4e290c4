import { Button, Group, Text } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import type { MyMembership } from "../../../contracts/membership";
import { errorMessage } from "../../lib/api";
import { notifyError } from "../../lib/notify";
import { useOpenBillingPortal } from "./api/open-billing-portal";
import { MembershipSection } from "./MembershipSection";

/** The card on file, and "Change card" on the payment provider's hosted billing page. */
export function PaymentMethodSection({ membership }: { membership: MyMembership }) {
  const portal = useOpenBillingPortal();
  const changeCard = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => notifyError(errorMessage(err, "Could not open the billing page. Please try again.")),
    });
  return (
    <MembershipSection id="card-title" title="Payment method">
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
    </MembershipSection>
  );
}
