import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { AdminReservation } from "../../../../contracts/admin";
import { slotsLeftBehind, splitWarning } from "../../../../domain/booking-split";

/**
 * The list view's court select moves a slot at once; when that splits one booking across courts
 * (issue 34), staff read where the rest of it stays and confirm first. Otherwise it moves at once.
 */
export function confirmSplit(
  r: AdminReservation,
  facilityId: number,
  day: AdminReservation[],
  move: () => void,
) {
  const warning = splitWarning(
    slotsLeftBehind(r, { facilityId, startTime: r.startTime }, day),
    r.facilityType === "court" ? "court" : "dart bay",
  );
  if (!warning) {
    move();
    return;
  }
  modals.openConfirmModal({
    title: "Split this booking?",
    centered: true,
    children: <Text size="sm">{warning}</Text>,
    labels: { confirm: "Move this part", cancel: "Cancel" },
    confirmProps: { color: "orange" },
    onConfirm: move,
  });
}
