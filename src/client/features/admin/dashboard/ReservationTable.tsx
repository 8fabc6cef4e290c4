import { Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { AdminReservation, FacilityOption } from "../../../../contracts/admin";
import { formatVenueDateShort } from "../../../../domain/booking-form";
import { facilityLabel } from "../shared/format";
import { AttendanceControls } from "./AttendanceControls";
import {
  CustomerCell,
  FacilitySelect,
  PaymentSelect,
  RefundButton,
  type RowHandlers,
  StatusSelect,
} from "./reservation-cells";
import { useMinuteClock } from "./use-minute-clock";

type Props = RowHandlers & { reservations: AdminReservation[]; facilities: FacilityOption[] };

/**
 * SPEC §2 Admin Dashboard, list view: Date, Time, Court, Customer, Payment Status, Actions (status
 * and Refund), and issue 33's Check-in (check in, no-show, or the state). On a phone each
 * reservation is a card with the same controls.
 */
export function ReservationTable({ reservations, facilities, ...handlers }: Props) {
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const now = useMinuteClock();
  const [first] = reservations;
  if (!first) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No reservations found for this date
      </Text>
    );
  }
  if (narrow) {
    return (
      <Stack gap="sm">
        {reservations.map((r) => (
          <Paper key={r.id} withBorder p="sm" radius="md" data-testid="reservation-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} size="sm">
                  {r.displayTime}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatVenueDateShort(r.date)}
                </Text>
              </Group>
              <CustomerCell r={r} />
              <AttendanceControls r={r} now={now} />
              <Group gap="xs" align="flex-end">
                <FacilitySelect r={r} facilities={facilities} onReassign={handlers.onReassign} />
                <PaymentSelect r={r} onPaymentStatus={handlers.onPaymentStatus} />
                <StatusSelect r={r} onStatus={handlers.onStatus} />
                <RefundButton r={r} onRefund={handlers.onRefund} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Reservations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>{facilityLabel(first.facilityType)}</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Payment Status</Table.Th>
            <Table.Th>Check-in</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reservations.map((r) => (
            <Table.Tr key={r.id} data-testid="reservation-row">
              <Table.Td>{formatVenueDateShort(r.date)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{r.displayTime}</Table.Td>
              <Table.Td>
                <FacilitySelect r={r} facilities={facilities} onReassign={handlers.onReassign} />
              </Table.Td>
              <Table.Td>
                <CustomerCell r={r} />
              </Table.Td>
              <Table.Td>
                <PaymentSelect r={r} onPaymentStatus={handlers.onPaymentStatus} />
              </Table.Td>
              <Table.Td>
                <AttendanceControls r={r} now={now} />
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <StatusSelect r={r} onStatus={handlers.onStatus} />
                  <RefundButton r={r} onRefund={handlers.onRefund} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
