import { Stack, Text } from "@mantine/core";
import type { BookingContext, TimeSlotDto } from "../../../contracts/booking";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { addDaysToDate } from "../../../domain/venue-time";
import { Notice } from "../../components/Notice";
import classes from "./booking.module.css";
import { CourtAlertButton } from "./CourtAlertButton";
import { DateDurationFields } from "./DateDurationFields";
import { TimeGrid } from "./TimeGrid";
import type { SlotSelection } from "./use-slot-selection";

/**
 * Step 2: date and duration, then the day's times as a grid; a tap on a time adds it to the cart
 * (SPEC §2 steps 2 and 3 in one: the time chosen is the time added).
 */
export function SlotStep({
  context,
  selection,
  memberPricing,
  inCart,
  onToggle,
}: {
  context: BookingContext;
  selection: SlotSelection;
  memberPricing: boolean;
  inCart: (slot: TimeSlotDto) => number;
  onToggle: (slot: TimeSlotDto) => void;
}) {
  const hours = selection.duration ? selection.duration / 60 : null;
  const nextDay = selection.date ? addDaysToDate(selection.date, 1) : null;
  const onOtherDay =
    nextDay && nextDay <= context.maxDate
      ? { label: formatVenueDateShort(nextDay), go: () => selection.setDate(nextDay) }
      : null;
  return (
    <Stack gap="sm">
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
      {selection.notices.length > 0 && (
        <Notice color="orange" data-testid="schedule-notices">
          <Stack gap={2}>
            {selection.notices.map((notice) => (
              <Text size="sm" key={notice}>
                {notice}
              </Text>
            ))}
          </Stack>
        </Notice>
      )}
      <Text size="sm" fw={600} id="time-grid-hint">
        Tap a time to add it to your cart
        {hours ? ` · prices for ${hours} ${hours === 1 ? "hour" : "hours"}` : ""}
      </Text>
      <TimeGrid
        facilityType={selection.facilityType}
        slots={selection.slots}
        isLoading={selection.isLoading}
        isError={selection.isError}
        onRetry={selection.retry}
        retrying={selection.isRetrying}
        inCart={inCart}
        onToggle={onToggle}
        onOtherDay={onOtherDay}
      />
      {selection.slots && selection.date && selection.duration && (
        <CourtAlertButton
          facilityType={selection.facilityType}
          date={selection.date}
          duration={selection.duration}
          slots={selection.slots}
        />
      )}
    </Stack>
  );
}
