import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconClock, IconCreditCard } from "@tabler/icons-react";
import { formatCents } from "../../../domain/money";
import { formatCountdown } from "../../../domain/payment-hold";
import { errorMessage } from "../../lib/api";
import { notifyError } from "../../lib/notify";
import { useCountdown } from "../../lib/use-countdown";
import { useStartRegistrationCheckout } from "./api/start-registration-checkout";
import { markLeavingForCheckout } from "./leave-cancel";
import type { PendingRegistration } from "./pending-registration";

/**
 * SPEC §2 "Continue to Payment opens the payment box": the place is held for 15 minutes while the
 * person pays on the provider's checkout; only the signed webhook confirms it (DECISIONS.md).
 */
export function PaymentBox({ pending, onExpired }: { pending: PendingRegistration; onExpired: () => void }) {
  const msLeft = useCountdown(pending.holdExpiresAt, onExpired);
  const checkout = useStartRegistrationCheckout();
  const pay = () =>
    checkout.mutate(pending, {
      onSuccess: ({ url }) => {
        // Leaving for the checkout is not leaving the registration behind.
        markLeavingForCheckout();
        window.location.assign(url);
      },
      onError: (err) => notifyError(errorMessage(err, "Failed to create checkout session")),
    });
  return (
    <Paper withBorder radius="md" p="md" bg="teal.0" aria-label="Payment">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Complete your payment
        </Title>
        <Group gap={6} wrap="nowrap">
          <IconClock size={18} aria-hidden />
          <Text size="sm" role="timer" aria-live="off">
            Your place is held for <strong>{formatCountdown(msLeft)}</strong>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Your registration is confirmed as soon as the payment goes through. Going back to events cancels it.
        </Text>
        {checkout.isError && (
          <Alert color="red" p="xs">
            {errorMessage(checkout.error, "Failed to create checkout session")}
          </Alert>
        )}
        <Button
          size="md"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          loading={checkout.isPending || checkout.isSuccess}
          disabled={msLeft === 0}
          onClick={pay}
        >
          Pay {formatCents(pending.priceCents)}
        </Button>
      </Stack>
    </Paper>
  );
}
