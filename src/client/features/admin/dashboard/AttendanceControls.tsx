import { Badge, Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowBackUp, IconCircleCheck, IconUserX } from "@tabler/icons-react";
import type { AdminReservation } from "../../../../contracts/admin";
import { useCheckInReservation } from "./api/check-in-reservation";
import { useMarkNoShow } from "./api/mark-no-show";
import { useUndoCheckIn } from "./api/undo-check-in";
import { useUndoNoShow } from "./api/undo-no-show";
import { attendanceLabel, canCheckIn, canMarkNoShow } from "./attendance";

/**
 * Issue 33 item 2: a booking's check-in state, or the buttons to check it in (on its day) or mark
 * it a no-show (after its start), in the day's list, its phone cards and the details dialog.
 */
export function AttendanceControls({ r, now }: { r: AdminReservation; now: Date }) {
  const checkIn = useCheckInReservation();
  const noShow = useMarkNoShow();
  const label = attendanceLabel(r);
  if (label) return <AttendanceState r={r} label={label} />;
  const showCheckIn = canCheckIn(r, now);
  const showNoShow = canMarkNoShow(r, now);
  if (!showCheckIn && !showNoShow) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {showCheckIn && (
        <Button
          size="xs"
          color="teal"
          aria-label={`Check in ${r.customerName}, ${r.displayTime}`}
          loading={checkIn.isPending}
          onClick={() => checkIn.mutate(r.id)}
        >
          Check in
        </Button>
      )}
      {showNoShow && (
        <Button
          size="xs"
          variant="outline"
          color="red"
          aria-label={`Mark ${r.customerName}, ${r.displayTime}, a no-show`}
          loading={noShow.isPending}
          onClick={() =>
            // A no-show stays on the customer's record: asked once more, as a deletion is.
            modals.openConfirmModal({
              title: "Mark a no-show",
              children: (
                <Text size="sm">
                  Mark {r.customerName} ({r.facilityName}, {r.displayTime}) a no-show? It counts on the
                  customer's record and cannot be checked in afterwards.
                </Text>
              ),
              labels: { confirm: "Mark no-show", cancel: "Cancel" },
              confirmProps: { color: "red" },
              zIndex: 320,
              onConfirm: () => noShow.mutate(r.id),
            })
          }
        >
          No-show
        </Button>
      )}
    </Group>
  );
}

/** Checked in or a no-show, with Undo for a mark made by mistake (the booking is expected again). */
function AttendanceState({ r, label }: { r: AdminReservation; label: string }) {
  const undoNoShow = useUndoNoShow();
  const undoCheckIn = useUndoCheckIn();
  const checkedIn = r.checkedInAt !== null;
  const undo = checkedIn ? undoCheckIn : undoNoShow;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color={checkedIn ? "teal" : "red"}
        variant="light"
        leftSection={
          checkedIn ? <IconCircleCheck size={12} aria-hidden /> : <IconUserX size={12} aria-hidden />
        }
        tt="none"
      >
        {label}
      </Badge>
      <Button
        size="compact-xs"
        variant="subtle"
        color="dark"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        aria-label={`Undo the ${checkedIn ? "check-in" : "no-show"} of ${r.customerName}, ${r.displayTime}`}
        loading={undo.isPending}
        onClick={() => undo.mutate(r.id)}
      >
        Undo
      </Button>
    </Group>
  );
}
