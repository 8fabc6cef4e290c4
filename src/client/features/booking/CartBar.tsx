import { Button, Group, Text } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import { formatCents } from "../../../domain/money";
import classes from "./booking.module.css";

/**
 * The phone's sticky cart bar (issue 14): below 62em the cart and the form sit under the times, a
 * long way down, so the count, the server's total and a way there stay at the bottom of the screen.
 */
export function CartBar({
  count,
  totalCents,
  onCheckout,
}: {
  count: number;
  totalCents: number;
  onCheckout: () => void;
}) {
  return (
    <div className={classes.cartBar} data-testid="cart-bar">
      <Group justify="space-between" gap="sm" wrap="nowrap" className={classes.cartBarInner}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }} aria-live="polite">
          <IconShoppingCart size={22} aria-hidden />
          <Text size="sm" fw={700}>
            {count} {count === 1 ? "item" : "items"} · {formatCents(totalCents)}
          </Text>
        </Group>
        <Button size="md" onClick={onCheckout}>
          Checkout
        </Button>
      </Group>
    </div>
  );
}
