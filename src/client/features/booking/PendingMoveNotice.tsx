import { Alert, Button, Stack, Text } from "@mantine/core";
import type { BookingView } from "../../../contracts/manage";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import { formatTime12, venueNowTime } from "../../../domain/venue-time";
import { keepManageReturn } from "./manage-return";

/**
 * Issue 30 item 1: a move to a dearer time waits for its difference. The booking keeps its time
 * until the checkout is paid; the new time is held until `expiresAt`.
 */
export function PendingMoveNotice({
  token,
  move,
}: {
  token: string;
  move: NonNullable<BookingView["pendingMove"]>;
}) {
  return (
    <Alert color="yellow" title="Move waiting for payment" data-testid="pending-move">
      <Stack gap="xs">
        <Text size="sm">
          {move.facilityName} · {formatVenueDateShort(move.date)} · {move.displayTime} is held for you until{" "}
          {formatTime12(venueNowTime(new Date(move.expiresAt)))}. Your booking keeps its current time until
          you pay the {formatCents(move.differenceCents)} difference.
        </Text>
        <Button
          component="a"
          href={move.checkoutUrl}
          onClick={() => keepManageReturn(token)}
          w={{ base: "100%", xs: "auto" }}
        >
          Pay {formatCents(move.differenceCents)}
        </Button>
      </Stack>
    </Alert>
  );
}
