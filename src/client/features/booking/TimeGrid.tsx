import { Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { type KeyboardEvent, useDeferredValue, useRef, useState } from "react";
import type { TimeSlotDto } from "../../../contracts/booking";
import type { FacilityType } from "../../../domain/durations";
import { formatCents } from "../../../domain/money";
import { LoadError } from "../../components/LoadError";
import classes from "./time-grid.module.css";

const PLURAL: Record<FacilityType, string> = { court: "courts", dart_bay: "dart bays" };

type Props = {
  facilityType: FacilityType;
  slots: TimeSlotDto[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks for the times again after a failed load. */
  onRetry: () => unknown;
  retrying: boolean;
  /** How many items of the cart are this time (any court). */
  inCart: (slot: TimeSlotDto) => number;
  /** A tap: adds the time to the cart, or takes it out when it is there. */
  onToggle: (slot: TimeSlotDto) => void;
  /** The next step from a day with no times: the next bookable day, or null on the last one. */
  onOtherDay: { label: string; go: () => void } | null;
};

const SKELETON_CELLS = Array.from({ length: 12 }, (_, n) => n);

/** SPEC §2's "No times available", with somewhere to go next (issue 34 item 2). */
function NoTimes({ onOtherDay }: { onOtherDay: Props["onOtherDay"] }) {
  return (
    <div className={classes.empty} role="status">
      <Text fw={600}>No times available</Text>
      {onOtherDay ? (
        <button type="button" className={classes.emptyAction} onClick={onOtherDay.go}>
          See {onOtherDay.label}
        </button>
      ) : (
        <Text size="sm" c="dimmed">
          Try another date or duration.
        </Text>
      )}
    </div>
  );
}

/**
 * Step 2, the day's times as a compact grid, times across (issue 34): each shows its start and the
 * price the server quoted for this viewer, or "Full"; one tap adds it to the cart (or takes it out).
 * Its words for screen readers are the spec's: "AVAILABLE" with the price, or "NOT AVAILABLE
 * (0 courts open for this time)" (SPEC §2 Booking screen). One tab stop for the whole grid (a
 * multi-select listbox): the arrow keys move between times, Home and End jump, Space or Enter adds.
 */
export function TimeGrid(props: Props) {
  const { facilityType, isLoading, isError, onRetry, retrying } = props;
  // The first list of a date renders in the background, in slices (see use-first-slots.ts): the loading
  // line stays until it is done. A list that replaces another renders at once.
  const slots = useDeferredValue(props.slots);
  if (isLoading || (props.slots && !slots)) {
    // The grid's shape while the times arrive; the spec's words for screen readers (SPEC §2).
    return (
      <div className={classes.grid} role="status">
        <span className={classes.hidden}>Loading available times...</span>
        {SKELETON_CELLS.map((n) => (
          <span key={n} className={`sk ${classes.skeletonCell}`} aria-hidden />
        ))}
      </div>
    );
  }
  if (isError) return <LoadError message="Failed to load time slots" onRetry={onRetry} retrying={retrying} />;
  if (!slots || slots.length === 0) return <NoTimes onOtherDay={props.onOtherDay} />;
  return <Grid {...props} slots={slots} facilityType={facilityType} />;
}

function Grid({ facilityType, slots, inCart, onToggle }: Props & { slots: TimeSlotDto[] }) {
  const list = useRef<HTMLDivElement>(null);
  // The one option in the tab order: the last one used, else the first one open.
  const firstOpen = Math.max(
    0,
    slots.findIndex((s) => s.isAvailable),
  );
  const [active, setActive] = useState(firstOpen);
  const current = Math.min(active, slots.length - 1);

  const focusAt = (index: number) => {
    const next = Math.max(0, Math.min(slots.length - 1, index));
    setActive(next);
    list.current?.querySelectorAll<HTMLElement>('[role="option"]')[next]?.focus();
  };
  /** How many times sit in one row of the grid now (it follows the screen's width). */
  const columns = () => {
    const template = list.current ? getComputedStyle(list.current).gridTemplateColumns : "";
    return Math.max(1, template.split(" ").filter(Boolean).length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const moves: Record<string, () => number> = {
      ArrowRight: () => index + 1,
      ArrowLeft: () => index - 1,
      ArrowDown: () => index + columns(),
      ArrowUp: () => index - columns(),
      Home: () => 0,
      End: () => slots.length - 1,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusAt(move());
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      const slot = slots[index];
      if (slot?.isAvailable) onToggle(slot);
    }
  };

  return (
    <div
      ref={list}
      role="listbox"
      aria-multiselectable="true"
      aria-label="Time, tap to add to your cart"
      aria-orientation="horizontal"
      className={classes.grid}
    >
      {slots.map((slot, index) => {
        const count = inCart(slot);
        const [start, end] = slot.displayTime.split(" - ");
        return (
          <div
            key={slot.startTime}
            role="option"
            aria-selected={count > 0}
            aria-disabled={!slot.isAvailable}
            tabIndex={index === current ? 0 : -1}
            className={classes.cell}
            data-in-cart={count > 0 || undefined}
            data-full={!slot.isAvailable || undefined}
            onClick={() => {
              setActive(index);
              if (slot.isAvailable) onToggle(slot);
            }}
            onKeyDown={(e) => onKeyDown(e, index)}
            onFocus={() => setActive(index)}
          >
            <span className={classes.time}>{start}</span>
            <span className={classes.hidden}>{` - ${end}, `}</span>
            {slot.isAvailable ? (
              <>
                <span className={classes.hidden}>AVAILABLE, </span>
                <span className={classes.price}>{formatCents(slot.priceCents)}</span>
                {count > 0 ? (
                  <span className={classes.inCart}>
                    <IconCheck size={14} aria-hidden />
                    <span className={classes.hidden}>, </span>
                    {count > 1 ? `${count} in cart` : "In cart"}
                  </span>
                ) : null}
              </>
            ) : (
              <>
                <span className={classes.full} aria-hidden>
                  Full
                </span>
                <span className={classes.hidden}>
                  NOT AVAILABLE ({slot.availableFacilities} {PLURAL[facilityType]} open for this time)
                </span>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
