import { Group, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import type { BookingContext, TimeSlotDto } from "../../../contracts/booking";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { addDaysToDate } from "../../../domain/venue-time";
import { Notice } from "../../components/Notice";
import type { Pricing } from "./api/booking-keys";
import classes from "./booking.module.css";
import { CourtAlertButton } from "./CourtAlertButton";
import { DateDurationFields } from "./DateDurationFields";
import { TimeGrid } from "./TimeGrid";
import type { CartItem } from "./types";
import type { Cart } from "./use-cart";
import type { SlotSelection } from "./use-slot-selection";

// Issue 34: the per-court view is fetched when a player first asks for it (decision 025).
const CourtGrid = lazy(() => import("./CourtGrid"));

/**
 * Step 2: date and duration, then the day's times as a grid; a tap on a time adds it to the cart
 * (SPEC §2 steps 2 and 3 in one: the time chosen is the time added). Issue 34: any court (the
 * default), or court by court for a player who wants to choose theirs.
 */
export function SlotStep({
  context,
  selection,
  pricing,
  cart,
  onAdd,
  memberPricing,
  inCart,
  onToggle,
}: {
  context: BookingContext;
  selection: SlotSelection;
  pricing: Pricing;
  /** The per-court view's: the cart, and how an item is added to it. */
  cart: Cart;
  onAdd: (item: CartItem) => void;
  memberPricing: boolean;
  inCart: (slot: TimeSlotDto) => number;
  onToggle: (slot: TimeSlotDto) => void;
}) {
  const [byCourt, setByCourt] = useState(false);
  const what = selection.facilityType === "court" ? "court" : "bay";
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
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} id="time-grid-hint">
          Tap a time to add it
          {hours ? ` · prices for ${hours} ${hours === 1 ? "hour" : "hours"}` : ""}
        </Text>
        {/* Issue 34: any court (the default) or court by court ("Any bay", "By bay" for darts). Native
            radios drawn as a segmented control: one tab stop, the arrows switch. */}
        <div role="radiogroup" aria-label="Show times for" className={classes.viewSwitch}>
          {[false, true].map((court) => (
            <label key={String(court)}>
              <input
                type="radio"
                name="slot-view"
                checked={court === byCourt}
                onChange={() => setByCourt(court)}
              />
              {court ? "By " : "Any "}
              {what}
            </label>
          ))}
        </div>
      </Group>
      {byCourt && selection.date ? (
        <Suspense fallback={null}>
          <CourtGrid selection={selection} pricing={pricing} cart={cart} onAdd={onAdd} />
        </Suspense>
      ) : (
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
      )}
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
