import { ActionIcon, Badge, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { AdminReservation } from "../../../../contracts/admin";
import { formatVenueDateShort } from "../../../../domain/booking-form";
import { PAYMENT_METHOD_LABELS } from "../../../../domain/desk-payments";
import { formatCents } from "../../../../domain/money";
import { displayPhoneOr } from "../../../../domain/phone";
import { facilityLabel } from "../shared/format";
import { AttendanceControls } from "./AttendanceControls";
import { attendanceLabel, noShowCount } from "./attendance";
import { useMinuteClock } from "./use-minute-clock";

type Props = {
  reservation: AdminReservation | null;
  onClose: () => void;
  onEdit: (r: AdminReservation) => void;
};

const Field = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="dimmed" fw={600}>
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </div>
);

/** A member's free weekly reservation reads Free, not Paid (issue 34); otherwise the desk's or online status. */
function paymentStatusLabel(r: AdminReservation): string {
  if (r.isFreeMemberBooking) return "Free";
  const status = r.manualPaymentStatus ?? r.paymentStatus;
  // Issue 32: how it was paid, and what of it was refunded.
  const how = r.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[r.paymentMethod]})` : "";
  const back = r.refundedCents > 0 ? `, ${formatCents(r.refundedCents)} refunded` : "";
  return `${status}${how}${back}`;
}

/** SPEC §2 grid view: a reservation block opens "Reservation Details" with an edit icon. */
export function ReservationDetailsModal({ reservation: r, onClose, onEdit }: Props) {
  const now = useMinuteClock();
  return (
    <Modal
      opened={r !== null}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <Text fw={700}>Reservation Details</Text>
          {r && r.status !== "cancelled" && (
            <Tooltip label="Edit reservation">
              <ActionIcon variant="light" aria-label="Edit reservation" onClick={() => onEdit(r)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      }
    >
      {r && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {r.customerName}
            </Text>
            <Badge color={r.status === "confirmed" ? "teal" : r.status === "pending" ? "yellow" : "gray"}>
              {r.status}
            </Badge>
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={facilityLabel(r.facilityType)} value={r.facilityName} />
            <Field label="Date" value={formatVenueDateShort(r.date)} />
            <Field label="Time" value={r.displayTime} />
            <Field label="Duration" value={`${r.duration} minutes`} />
            <Field label="Email" value={r.customerEmail ?? "-"} />
            <Field label="Phone" value={displayPhoneOr(r.customerPhone, "-")} />
            <Field label="Price" value={r.isFreeMemberBooking ? "Free" : formatCents(r.priceCents)} />
            <Field label="Payment Status" value={paymentStatusLabel(r)} />
            {/* Issue 33 item 2: whether the player is in, and how often this customer did not come. */}
            <Field label="Check-in" value={attendanceLabel(r) ?? "Not checked in"} />
            <Field
              label="Customer's no-shows"
              value={r.customerEmail ? noShowCount(r.customerNoShows) : "-"}
            />
          </SimpleGrid>
          <AttendanceControls r={r} now={now} />
          {r.notes && <Field label="Notes" value={r.notes} />}
          {r.isRefunded && <Badge color="gray">Refunded</Badge>}
        </Stack>
      )}
    </Modal>
  );
}
