import { Anchor, Badge, Divider, Group, Paper, Stack, Text } from "@mantine/core";
import type { BookingView } from "../../../contracts/manage";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import { telHref } from "../../../domain/tel-link";

/**
 * A booking as /success and the manage page show it: reference, items, amounts and the venue.
 * `contactLinks`: directions and the phone as links (the manage page has them as buttons instead).
 */
export function BookingDetails({
  booking,
  contactLinks = true,
}: {
  booking: BookingView;
  contactLinks?: boolean;
}) {
  return (
    <Stack gap="md" ta="left" w="100%">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Booking reference
        </Text>
        <Text fw={700} ff="monospace" data-testid="booking-reference">
          {booking.reference}
        </Text>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Booked items">
        {booking.items.map((item) => (
          <Paper component="li" withBorder radius="sm" p="sm" key={item.reservationId}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{item.facilityName}</Text>
                <Text size="sm">
                  {formatVenueDateShort(item.date)} · {item.displayTime}
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Text size="sm">{formatCents(item.priceCents)}</Text>
                {item.status === "cancelled" ? (
                  <Badge color="red" variant="light">
                    Cancelled
                  </Badge>
                ) : null}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Stack gap={4}>
        <AmountRow label="Subtotal" value={formatCents(booking.subtotalCents)} />
        {booking.discountCents > 0 ? (
          <AmountRow
            label={`Discount${booking.couponCode ? ` (${booking.couponCode})` : ""}`}
            value={`-${formatCents(booking.discountCents)}`}
          />
        ) : null}
        <AmountRow label="Total paid" value={formatCents(booking.totalCents)} strong />
        {booking.refundedCents > 0 ? (
          <AmountRow label="Refunded" value={formatCents(booking.refundedCents)} />
        ) : null}
      </Stack>
      <Divider />
      <Stack gap={4}>
        <Text size="sm">{booking.venue.address}</Text>
        {contactLinks ? (
          <Group gap="md">
            <Anchor href={booking.venue.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Get directions
            </Anchor>
            <Anchor href={telHref(booking.venue.phone)} size="sm">
              Call {booking.venue.phone}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
      <Text size="sm" data-testid="self-service-message">
        {booking.selfService.message}
      </Text>
    </Stack>
  );
}

function AmountRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}
