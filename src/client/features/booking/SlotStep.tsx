import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus, IconShoppingCartPlus } from "@tabler/icons-react";
import type { BookingContext, TimeSlotDto } from "../../../contracts/booking";
import { formatCents } from "../../../domain/money";
import classes from "./booking.module.css";
import { CourtAlertButton } from "./CourtAlertButton";
import { DateDurationFields } from "./DateDurationFields";
import { TimeSlotPicker } from "./TimeSlotPicker";
import type { SlotSelection } from "./use-slot-selection";

/** Step 2: date, duration and time, then "Add to Cart". */
export function SlotStep({
  context,
  selection,
  memberPricing,
  inCart,
  onAdd,
  nextSlot,
  onAddNext,
}: {
  context: BookingContext;
  selection: SlotSelection;
  memberPricing: boolean;
  /** How many items of the cart are this very time already: adding it again books one more court. */
  inCart: number;
  onAdd: () => void;
  /** The free time right after the last one added, offered as a one-tap add. */
  nextSlot: TimeSlotDto | null;
  onAddNext: () => void;
}) {
  const slot = selection.selectedSlot;
  const unit = selection.facilityType === "court" ? "court" : "dart bay";
  return (
    <Stack gap="md">
      {selection.date && selection.duration && (
        <DateDurationFields
          context={context}
          facilityType={selection.facilityType}
          date={selection.date}
          duration={selection.duration}
          onDateChange={selection.setDate}
          onDurationChange={selection.setDuration}
        />
      )}
      {memberPricing && (
        // Mantine's light teal Badge, in CSS (booking.module.css): a first visit does not load Badge.
        <span className={classes.memberBadge}>Member prices</span>
      )}
      <TimeSlotPicker
        facilityType={selection.facilityType}
        slots={selection.slots}
        isLoading={selection.isLoading}
        isError={selection.isError}
        onRetry={selection.retry}
        retrying={selection.isRetrying}
        value={selection.startTime}
        onChange={selection.setStartTime}
      />
      {slot && inCart > 0 && (
        <Alert color="blue" variant="light" role="status" data-testid="same-slot-hint">
          This time is already in your cart. Adding it again books another {unit} for the same time.
        </Alert>
      )}
      {nextSlot && (
        <Button
          variant="light"
          size="md"
          fullWidth
          leftSection={<IconPlus size={18} aria-hidden />}
          className={classes.wrapButton}
          onClick={onAddNext}
        >
          Add the next time too: {nextSlot.displayTime} · {formatCents(nextSlot.priceCents)}
        </Button>
      )}
      {selection.slots && selection.date && selection.duration && (
        <CourtAlertButton
          facilityType={selection.facilityType}
          date={selection.date}
          duration={selection.duration}
          slots={selection.slots}
        />
      )}
      <Group className={classes.addBar} justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c={slot ? undefined : "dimmed"} aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
          {slot ? `${slot.displayTime} · ${formatCents(slot.priceCents)}` : "Choose a time above"}
        </Text>
        <Button size="md" leftSection={<IconShoppingCartPlus size={20} />} onClick={onAdd}>
          Add to Cart
        </Button>
      </Group>
    </Stack>
  );
}
