import { Center, Group, Loader, RadioCard, RadioGroup, SimpleGrid, Text } from "@mantine/core";
import { useDeferredValue } from "react";
import type { TimeSlotDto } from "../../../contracts/booking";
import type { FacilityType } from "../../../domain/durations";
import { formatCents } from "../../../domain/money";
import { LoadError } from "../../components/LoadError";
import classes from "./booking.module.css";

const PLURAL: Record<FacilityType, string> = { court: "courts", dart_bay: "dart bays" };

type Props = {
  facilityType: FacilityType;
  slots: TimeSlotDto[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks for the times again after a failed load. */
  onRetry: () => unknown;
  retrying: boolean;
  value: string | null;
  onChange: (startTime: string) => void;
  disabled?: boolean;
};

/**
 * Step 2, the time: each slot with AVAILABLE and the price the server quoted for this viewer, or
 * NOT AVAILABLE and disabled (SPEC §2 Booking screen).
 */
export function TimeSlotPicker({
  facilityType,
  slots,
  isLoading,
  isError,
  onRetry,
  retrying,
  value,
  onChange,
  disabled,
}: Props) {
  return (
    <RadioGroup value={value ?? ""} onChange={onChange} label="Time" labelProps={{ mb: "xs" }} withAsterisk>
      <SlotList
        facilityType={facilityType}
        slots={slots}
        isLoading={isLoading}
        isError={isError}
        onRetry={onRetry}
        retrying={retrying}
        disabled={disabled}
      />
    </RadioGroup>
  );
}

function SlotList({
  facilityType,
  slots,
  isLoading,
  isError,
  onRetry,
  retrying,
  disabled,
}: Pick<Props, "facilityType" | "slots" | "isLoading" | "isError" | "onRetry" | "retrying" | "disabled">) {
  // The first list of a date renders in the background, in slices (see BookingPage): the loading
  // line stays until it is done. A list that replaces another renders at once.
  const shownSlots = useDeferredValue(slots);
  if (isLoading || (slots && !shownSlots)) {
    return (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading available times...</Text>
        </Group>
      </Center>
    );
  }
  if (isError) {
    return <LoadError message="Failed to load time slots" onRetry={onRetry} retrying={retrying} />;
  }
  if (!slots || slots.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        No times available
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" className={classes.slotList}>
      {slots.map((slot) => (
        <RadioCard
          key={slot.startTime}
          value={slot.startTime}
          className={classes.card}
          disabled={disabled || !slot.isAvailable}
          px="sm"
          py={10}
        >
          {/* A row on a phone (time left, status right), a small card from 576 px up. */}
          <div className={classes.slotBody}>
            <Text fw={700} size="sm" style={{ whiteSpace: "nowrap" }}>
              {slot.displayTime}
            </Text>
            {slot.isAvailable ? (
              <div className={classes.status}>
                <Text span size="xs" c="teal.8" fw={800}>
                  AVAILABLE
                </Text>
                <Text span size="sm" fw={700}>
                  {formatCents(slot.priceCents)}
                </Text>
              </div>
            ) : (
              <Text size="xs" c="dimmed" className={classes.unavailable}>
                NOT AVAILABLE ({slot.availableFacilities} {PLURAL[facilityType]} open for this time)
              </Text>
            )}
          </div>
        </RadioCard>
      ))}
    </SimpleGrid>
  );
}
