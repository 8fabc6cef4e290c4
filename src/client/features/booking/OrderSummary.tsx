import { Group, Stack, Text } from "@mantine/core";
import { formatCents } from "../../../domain/money";
import classes from "./booking.module.css";

type Totals = { subtotalCents: number; discountCents: number; totalCents: number };

/** Subtotal, discount and total, as the server priced them (SPEC §5: total = max(0, sum − discount)). */
export function OrderSummary({ totals, couponCode }: { totals: Totals; couponCode: string | null }) {
  return (
    <Stack gap={6} role="group" aria-label="Order summary">
      <Group justify="space-between">
        <Text c="dimmed">Subtotal</Text>
        <Text>{formatCents(totals.subtotalCents)}</Text>
      </Group>
      {totals.discountCents > 0 && (
        <Group justify="space-between">
          <Text c="teal.8">Discount{couponCode ? ` (${couponCode})` : ""}</Text>
          <Text c="teal.8">-{formatCents(totals.discountCents)}</Text>
        </Group>
      )}
      <hr className={classes.divider} />
      <Group justify="space-between">
        <Text fw={800} size="lg">
          Total
        </Text>
        <Text fw={800} size="lg" data-testid="order-total">
          {formatCents(totals.totalCents)}
        </Text>
      </Group>
    </Stack>
  );
}
