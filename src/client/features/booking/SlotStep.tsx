import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import type { BookingContext } from "../../../contracts/booking";
import { formatCents } from "../../../domain/money";
import classes from "./booking.module.css";
import { DateDurationFields } from "./DateDurationFields";
import { TimeSlotPicker } from "./TimeSlotPicker";
import type { SlotSelection } from "./use-slot-selection";

/** Step 2: date, duration and time, then "Add to Cart". */
export function SlotStep({
  context,
  selection,
  memberPricing,
  onAdd,
}: {
  context: BookingContext;
  selection: SlotSelection;
  memberPricing: boolean;
  onAdd: () => void;
}) {
  const slot = selection.selectedSlot;
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
        <Badge variant="light" color="teal" size="lg" w="fit-content">
          Member prices
        </Badge>
      )}
      <TimeSlotPicker
        facilityType={selection.facilityType}
        slots={selection.slots}
        isLoading={selection.isLoading}
        isError={selection.isError}
        value={selection.startTime}
        onChange={selection.setStartTime}
      />
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
