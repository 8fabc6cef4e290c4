import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminReservation, RefundRequest } from "../../../../contracts/admin";
import { centsFromDollarsText } from "../../../../domain/desk-payments";
import { formatCents } from "../../../../domain/money";
import { partialRefundError, type RefundScope } from "../../../../domain/refund-amounts";
import { ManagerPasswordModal } from "../shared/ManagerPasswordModal";
import { useRefundQuote } from "./api/get-refund-quote";
import { RefundAmounts } from "./RefundAmounts";

type Props = {
  reservation: AdminReservation | null;
  onClose: () => void;
  refund: (id: string, body: RefundRequest, amountLabel: string) => Promise<void>;
  onError: (err: unknown) => void;
};

/**
 * SPEC §2: Refund opens a confirmation modal, then the "Manager Authorization" password modal.
 * Issue 32 item 5: the confirmation shows what was paid and what will be refunded, and offers the
 * whole booking (every item of its checkout) or a part of the payment.
 */
export function RefundFlow({ reservation, onClose, refund, onError }: Props) {
  const [step, setStep] = useState<"confirm" | "password">("confirm");
  const [scope, setScope] = useState<RefundScope>("reservation");
  const [amountText, setAmountText] = useState("");
  const [requestId, setRequestId] = useState("");
  const quote = useRefundQuote(reservation?.id ?? null);
  useEffect(() => {
    if (!reservation) return;
    setStep("confirm");
    setScope("reservation");
    setAmountText("");
    setRequestId(crypto.randomUUID());
  }, [reservation]);

  const q = quote.data;
  const typed = centsFromDollarsText(amountText);
  const amountError =
    q && scope === "amount" && amountText.trim() !== ""
      ? partialRefundError(typed ?? Number.NaN, { amountCents: q.paidCents, refundedCents: q.refundedCents })
      : null;
  const refundCents = !q
    ? null
    : scope === "reservation"
      ? q.reservationCents
      : scope === "booking"
        ? q.remainingCents
        : typed !== null && !amountError
          ? typed
          : null;

  return (
    <>
      <Modal
        opened={reservation !== null && step === "confirm"}
        onClose={onClose}
        title="Refund Reservation"
        centered
      >
        <Stack>
          <Text>Are you sure you want to refund this reservation? This action cannot be undone.</Text>
          {reservation && (
            <Text size="sm" c="dimmed">
              {reservation.customerName} · {reservation.facilityName} · {reservation.displayTime}
            </Text>
          )}
          {quote.isPending && <Loader size="sm" aria-label="Loading the payment" />}
          {quote.isError && (
            <Alert color="red" variant="light" p="xs">
              Could not load what was paid. Close and try again.
            </Alert>
          )}
          {q && (
            <RefundAmounts
              quote={q}
              scope={scope}
              onScope={setScope}
              amountText={amountText}
              onAmountText={setAmountText}
              amountError={amountError}
              refundCents={refundCents}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" disabled={refundCents === null} onClick={() => setStep("password")}>
              Refund
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ManagerPasswordModal
        opened={reservation !== null && step === "password"}
        onClose={onClose}
        onConfirm={async (managerPassword) => {
          if (!reservation || refundCents === null) return;
          await refund(
            reservation.id,
            {
              managerPassword,
              scope,
              requestId,
              ...(scope === "amount" ? { amountCents: refundCents } : {}),
            },
            formatCents(refundCents),
          );
        }}
        onError={onError}
        confirmLabel="Confirm Refund"
      />
    </>
  );
}
