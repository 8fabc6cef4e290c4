import { Group, Loader, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconShoppingCart, IconTrash } from "@tabler/icons-react";
import { FACILITY_LABELS, formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import classes from "./booking.module.css";
import type { CartItem } from "./types";

const itemLabel = (item: CartItem) => item.facilityName || FACILITY_LABELS[item.facilityType];

/** Step 3: facility, date, time, duration and price for each item, each with a remove button. */
export function CartList({
  items,
  onRemove,
  busyKey,
}: {
  items: CartItem[];
  onRemove: (item: CartItem) => void;
  busyKey?: string | null;
}) {
  if (items.length === 0) {
    return (
      <Group gap="xs" c="dimmed" py={{ base: 0, sm: "sm" }} justify="center">
        <IconShoppingCart size={18} aria-hidden />
        <Text size="sm">Your cart is empty. Pick a time and add it.</Text>
      </Group>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Cart items"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {items.map((item) => {
        const label = itemLabel(item);
        const date = formatVenueDateShort(item.date);
        return (
          <Paper key={item.key} component="li" withBorder radius="md" p="sm" data-testid="cart-item">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700}>{label}</Text>
                <Text size="sm">{date}</Text>
                <Text size="sm">
                  {item.displayTime} · {item.duration} min
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text fw={700}>{formatCents(item.priceCents)}</Text>
                <UnstyledButton
                  className={classes.removeButton}
                  aria-label={`Remove ${label} ${date} ${item.displayTime} from cart`}
                  onClick={() => onRemove(item)}
                  data-loading={busyKey === item.key || undefined}
                  disabled={Boolean(busyKey)}
                >
                  {busyKey === item.key ? <Loader size="sm" color="red" /> : <IconTrash size={20} />}
                </UnstyledButton>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
