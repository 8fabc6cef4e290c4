import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import type { TimeSlotDto } from "../../../contracts/booking";
import type { FacilityType } from "../../../domain/durations";
import { formatCents } from "../../../domain/money";
import { LoadError } from "../../components/LoadError";
import type { Pricing } from "./api/booking-keys";
import { courtAvailabilityQuery } from "./api/get-court-availability";
import classes from "./court-grid.module.css";
import { type Court, courtMatrix, firstFreeCell, moveInGrid } from "./court-matrix";
import tg from "./time-grid.module.css";
import { type CartItem, cartItemFromSlot, sameSlotCount } from "./types";
import type { Cart } from "./use-cart";

const NAME: Record<FacilityType, string> = { court: "Court", dart_bay: "Dart bay" };

type Props = {
  /** The step's facility type, date and duration (both set). */
  selection: { facilityType: FacilityType; date: string | null; duration: number | null };
  pricing: Pricing;
  cart: Cart;
  /** Adds an item to the cart (BookingScreen: with the code the cart's next steps need). */
  onAdd: (item: CartItem) => void;
};

/**
 * Issue 34, the per-court view (loaded when a player first switches to it): the venue's active
 * courts (or bays) down, as the server names them, the day's times across, each cell free with the
 * price or taken. It scrolls sideways in its own box with the names kept in view. One tab stop for
 * the whole grid: the arrows move, Home and End go to the row's ends (with Ctrl, the grid's),
 * Space or Enter adds the time on that court to the cart.
 */
export default function CourtGrid({ selection, pricing, cart, onAdd }: Props) {
  const { facilityType, date, duration } = selection;
  // The cart's items for this time on this court (a court chosen here; any-court items are not).
  const onCourt = (slot: TimeSlotDto, court: Court) => (item: CartItem) =>
    item.facilityId === court.id && sameSlotCount([item], { facilityType, date: date ?? "", ...slot }) > 0;
  const inCart = (slot: TimeSlotDto, court: Court) => cart.items.filter(onCourt(slot, court)).length;
  // A tap adds the time on this court to the cart, or takes it out when it is there.
  const onToggle = (slot: TimeSlotDto, court: Court) => {
    const there = cart.items.find(onCourt(slot, court));
    if (there) cart.removeItem(there.key);
    else if (date && duration) {
      onAdd({
        ...cartItemFromSlot(slot, facilityType, date, duration),
        facilityId: court.id,
        facilityName: court.name,
      });
    }
  };
  const answer = useQuery(
    courtAvailabilityQuery({ facilityType, date: date ?? "", duration: duration ?? 0 }, pricing),
  );
  const rows = useMemo(
    () => (answer.data ? courtMatrix(answer.data.slots, answer.data.facilities ?? []) : []),
    [answer.data],
  );
  const table = useRef<HTMLTableElement>(null);
  const [picked, setPicked] = useState<[number, number] | null>(null);

  if (answer.isPending) {
    return (
      <div className={tg.grid} role="status">
        <span className={tg.hidden}>Loading available times...</span>
        <span className={`sk ${tg.skeletonCell}`} aria-hidden />
      </div>
    );
  }
  if (answer.isError) {
    return (
      <LoadError message="Failed to load time slots" onRetry={answer.refetch} retrying={answer.isFetching} />
    );
  }
  const times = answer.data.slots;
  if (rows.length === 0 || times.length === 0) {
    return (
      <div className={tg.empty} role="status">
        <strong>No times available</strong>
      </div>
    );
  }
  const [r0, c0] = picked ?? firstFreeCell(rows);
  const active: [number, number] = [Math.min(r0, rows.length - 1), Math.min(c0, times.length - 1)];

  const onKeyDown = (event: KeyboardEvent, at: [number, number]) => {
    const to = moveInGrid(at, event.key, event.ctrlKey || event.metaKey, rows.length, times.length);
    if (to) {
      event.preventDefault();
      setPicked(to);
      // Row 0 is the times; cell 0 of a row is its court's name.
      (table.current?.rows[to[0] + 1]?.cells[to[1] + 1] as HTMLElement | undefined)?.focus();
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      toggle(at);
    }
  };
  const toggle = ([r, c]: [number, number]) => {
    const row = rows[r];
    const cell = row?.cells[c];
    if (row && cell?.free) onToggle(cell.slot, row);
  };

  return (
    <div className={classes.scroller}>
      <table
        ref={table}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid, its cells take the focus.
        role="grid"
        aria-multiselectable="true"
        aria-label={`${NAME[facilityType]} and time, tap to add to your cart`}
        className={classes.table}
      >
        <thead>
          <tr>
            <th scope="col" className={classes.corner}>
              {NAME[facilityType]}
            </th>
            {times.map((slot) => (
              <th key={slot.startTime} scope="col" className={classes.time}>
                {slot.displayTime.split(" - ")[0]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.id}>
              <th scope="row" className={classes.court}>
                {row.name}
              </th>
              {row.cells.map(({ slot, free }, c) => {
                const count = free ? inCart(slot, row) : 0;
                return (
                  <td
                    key={slot.startTime}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of an ARIA grid (roving tab stop).
                    role="gridcell"
                    aria-selected={count > 0}
                    aria-disabled={!free}
                    tabIndex={r === active[0] && c === active[1] ? 0 : -1}
                    className={`${tg.cell} ${classes.cell}`}
                    data-in-cart={count > 0 || undefined}
                    data-full={!free || undefined}
                    onClick={() => {
                      setPicked([r, c]);
                      toggle([r, c]);
                    }}
                    onKeyDown={(e) => onKeyDown(e, [r, c])}
                    onFocus={() => setPicked([r, c])}
                  >
                    <span className={tg.hidden}>{`${row.name}, ${slot.displayTime}, `}</span>
                    {free ? (
                      <>
                        <span className={tg.hidden}>AVAILABLE, </span>
                        <span className={tg.price}>{formatCents(slot.priceCents)}</span>
                        {count > 0 && (
                          <span className={tg.inCart}>
                            <span aria-hidden>✓ </span>
                            <span className={tg.hidden}>, </span>In cart
                          </span>
                        )}
                      </>
                    ) : (
                      <>
                        <span className={tg.full} aria-hidden>
                          Taken
                        </span>
                        <span className={tg.hidden}>NOT AVAILABLE</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
