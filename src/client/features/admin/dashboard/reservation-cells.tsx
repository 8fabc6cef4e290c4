import { Anchor, Badge, Button, NativeSelect, Stack, Text } from "@mantine/core";
import type {
  AdminReservation,
  FacilityOption,
  ManualPaymentStatus,
  ReservationStatus,
} from "../../../../contracts/admin";
import type { DeskPaidMethod } from "../../../../domain/desk-payments";
import { formatCents } from "../../../../domain/money";
import { useSession } from "../../../lib/session";
import { facilityLabel } from "../shared/format";
import { noShowCount } from "./attendance";

// The list view's controls, shared by the table (laptop, tablet) and the cards (phone).

export type RowHandlers = {
  onReassign: (r: AdminReservation, facilityId: number) => void;
  onPaymentStatus: (r: AdminReservation, status: ManualPaymentStatus, method?: DeskPaidMethod) => void;
  onStatus: (r: AdminReservation, status: ReservationStatus) => void;
  onRefund: (r: AdminReservation) => void;
};

const STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "cancelled", label: "Cancelled" },
];

/** The active facilities, plus the reservation's own if it is no longer active. */
function facilitySelectData(facilities: FacilityOption[], r: AdminReservation) {
  const options = facilities.map((f) => ({ value: String(f.id), label: f.name }));
  if (!facilities.some((f) => f.id === r.facilityId)) {
    options.unshift({ value: String(r.facilityId), label: r.facilityName });
  }
  return options;
}

/** SPEC §2: the Court select reassigns; disabled for cancelled reservations. */
export function FacilitySelect({
  r,
  facilities,
  onReassign,
}: { r: AdminReservation; facilities: FacilityOption[] } & Pick<RowHandlers, "onReassign">) {
  return (
    <NativeSelect
      aria-label={`${facilityLabel(r.facilityType)} for ${r.customerName}`}
      value={String(r.facilityId)}
      disabled={r.status === "cancelled"}
      onChange={(e) => onReassign(r, Number(e.currentTarget.value))}
      data={facilitySelectData(facilities, r)}
      w={140}
    />
  );
}

export function CustomerCell({ r }: { r: AdminReservation }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {r.customerName}
        {r.isAdminCreated && (
          <Badge ml={6} size="xs" variant="light" color="gray">
            Staff
          </Badge>
        )}
        {r.customerNoShows > 0 && (
          <Badge ml={6} size="xs" variant="light" color="red" tt="none">
            {noShowCount(r.customerNoShows)}
          </Badge>
        )}
      </Text>
      {r.customerEmail && (
        <Anchor href={`mailto:${r.customerEmail}`} size="xs" style={{ wordBreak: "break-all" }}>
          {r.customerEmail}
        </Anchor>
      )}
      {r.notes && (
        <Text size="xs" c="dimmed">
          {r.notes}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Issue 32 item 4: a priced desk booking is marked paid with how it was paid ("Paid (cash)" keeps the
 * value "paid", so the spec's Unpaid/Paid switch reads as before), and shows its price.
 */
function paymentChoices(r: AdminReservation) {
  const desk = r.isAdminCreated && !r.paidOnline && r.priceCents > 0;
  const value =
    r.manualPaymentStatus === "paid" && r.paymentMethod === "desk_card"
      ? "paid_card"
      : (r.manualPaymentStatus ?? "");
  const data = desk
    ? [
        { value: "unpaid", label: `Unpaid (${formatCents(r.priceCents)})` },
        { value: "paid", label: `Paid (cash)` },
        { value: "paid_card", label: "Paid (card at the desk)" },
      ]
    : [
        { value: "unpaid", label: "Unpaid" },
        { value: "paid", label: "Paid" },
      ];
  return { value, data };
}

export function PaymentSelect({
  r,
  onPaymentStatus,
}: { r: AdminReservation } & Pick<RowHandlers, "onPaymentStatus">) {
  // A member's free weekly reservation: nothing was or is to be paid (issue 34).
  if (r.isFreeMemberBooking) {
    return (
      <Badge color="teal" variant="light" aria-label={`Payment status for ${r.customerName}: Free`}>
        Free
      </Badge>
    );
  }
  const { value, data } = paymentChoices(r);
  return (
    <NativeSelect
      aria-label={`Payment status for ${r.customerName}`}
      value={value}
      onChange={(e) => {
        const choice = e.currentTarget.value;
        if (choice === "paid_card") onPaymentStatus(r, "paid", "desk_card");
        else if (choice === "paid") onPaymentStatus(r, "paid", "cash");
        else onPaymentStatus(r, "unpaid");
      }}
      data={[...(r.manualPaymentStatus === null ? [{ value: "", label: "—", disabled: true }] : []), ...data]}
      w={value === "paid_card" ? 210 : 170}
    />
  );
}

export function StatusSelect({ r, onStatus }: { r: AdminReservation } & Pick<RowHandlers, "onStatus">) {
  return (
    <NativeSelect
      aria-label={`Status for ${r.customerName}`}
      value={r.status}
      onChange={(e) => onStatus(r, e.currentTarget.value as ReservationStatus)}
      data={STATUSES}
      w={130}
    />
  );
}

/** SPEC §4 Refund: only when confirmed, not refunded, with a payment id (the server says so). */
export function RefundButton({ r, onRefund }: { r: AdminReservation } & Pick<RowHandlers, "onRefund">) {
  const { staffCan } = useSession();
  // Issue 33: refunds are a manager's; the server refuses the front desk too.
  if (!r.refundable || !staffCan("manager")) return null;
  return (
    <Button size="xs" color="red" variant="light" onClick={() => onRefund(r)}>
      Refund
    </Button>
  );
}
