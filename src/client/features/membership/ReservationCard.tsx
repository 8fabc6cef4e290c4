import { Group, Paper, Stack, Text } from "@mantine/core";
import type { MyReservation } from "../../../contracts/membership";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import { calendarUrl } from "./api/calendar-url";
import { CalendarLink } from "./CalendarLink";
import { StatusBadge } from "./StatusBadge";

export function ReservationCard({ reservation: r }: { reservation: MyReservation }) {
  const when = `${formatVenueDateShort(r.date)} · ${r.displayTime}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="reservation-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{r.facilityName}</Text>
          <StatusBadge status={r.status} />
        </Group>
        <Text size="sm">{when}</Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {r.duration} min · {r.isFreeMemberBooking ? "Free (member)" : formatCents(r.priceCents)}
          </Text>
          <CalendarLink href={calendarUrl("reservation", r.id)} label={`${r.facilityName} ${when}`} />
        </Group>
      </Stack>
    </Paper>
  );
}
