import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconClockHour4, IconLock } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { formatCents } from "../../../domain/money";
import { formatCountdown } from "../../../domain/payment-hold";
import { useCountdown } from "../../lib/use-countdown";
import classes from "./booking.module.css";
import { CartList } from "./CartList";
import { OrderSummary } from "./OrderSummary";
import type { ActiveHold, CartItem } from "./types";

type Props = {
  hold: ActiveHold;
  items: CartItem[];
  couponCode: string | null;
  paying: boolean;
  removingKey: string | null;
  onPay: () => void;
  onRemove: (item: CartItem) => void;
  onExpire: () => void;
};

/** Step 6, the payment panel: the hold's countdown, what is held, and "Pay $amount" (SPEC §2). */
export default function PaymentPanel({
  hold,
  items,
  couponCode,
  paying,
  removingKey,
  onPay,
  onRemove,
  onExpire,
}: Props) {
  const msLeft = useCountdown(hold.expiresAt, onExpire);
  // After "Continue to Payment" the steps are gone: the focus goes to this panel's heading, not the body.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <Stack gap="md" maw={560} mx="auto" w="100%">
      <Alert
        color="orange"
        variant="light"
        radius="md"
        icon={<IconClockHour4 size={22} />}
        title="Complete your payment soon to secure your reservation"
      >
        <Group gap="xs" align="baseline">
          <Text size="sm">Time left:</Text>
          <Text fz={28} fw={800} className={classes.countdown} role="timer" data-testid="hold-countdown">
            {formatCountdown(msLeft)}
          </Text>
        </Group>
      </Alert>

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Title order={2} size="h4" mb="sm">
          Your Reservation
        </Title>
        <CartList items={items} onRemove={onRemove} busyKey={removingKey} />
        <Stack mt="md">
          <OrderSummary totals={hold} couponCode={couponCode} />
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: "md", sm: "lg" }}
        component="section"
        aria-label="Secure Payment"
      >
        <Group gap="sm" mb="xs" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
            <IconLock size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" ref={heading} tabIndex={-1} className={classes.focusTarget}>
            Secure Payment
          </Title>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          You will be taken to our secure checkout page to pay by card. Your times are held until the
          countdown ends.
        </Text>
        <Button size="lg" fullWidth onClick={onPay} loading={paying} disabled={removingKey !== null}>
          Pay {formatCents(hold.totalCents)}
        </Button>
      </Paper>
    </Stack>
  );
}
