import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminReservation } from "../../../../contracts/admin";
import { ManagerPasswordModal } from "../shared/ManagerPasswordModal";

type Props = {
  reservation: AdminReservation | null;
  onClose: () => void;
  refund: (id: string, managerPassword: string) => Promise<void>;
  onError: (err: unknown) => void;
};

/** SPEC §2: Refund opens a confirmation modal, then the "Manager Authorization" password modal. */
export function RefundFlow({ reservation, onClose, refund, onError }: Props) {
  const [step, setStep] = useState<"confirm" | "password">("confirm");
  useEffect(() => {
    if (reservation) setStep("confirm");
  }, [reservation]);

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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={() => setStep("password")}>
              Refund
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ManagerPasswordModal
        opened={reservation !== null && step === "password"}
        onClose={onClose}
        onConfirm={async (password) => {
          if (reservation) await refund(reservation.id, password);
        }}
        onError={onError}
        confirmLabel="Confirm Refund"
      />
    </>
  );
}
