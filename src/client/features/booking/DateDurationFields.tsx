import { InputBase, TextInput } from "@mantine/core";
import { IconCalendar, IconChevronDown, IconClockHour4 } from "@tabler/icons-react";
import { type ChangeEvent, useEffect, useState } from "react";
import type { BookingContext } from "../../../contracts/booking";
import { PAST_DATE_MESSAGE, tooFarMessage } from "../../../domain/booking-window";
import type { FacilityType } from "../../../domain/durations";
import { notifyError } from "../../lib/notify";
import classes from "./booking.module.css";

/** "30 min", "1 hour", "1.5 hours": short enough for half a phone's width. */
function durationLabel(minutes: number): string {
  const hours = minutes / 60;
  if (minutes < 60) return `${minutes} min`;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

type Props = {
  context: BookingContext;
  facilityType: FacilityType;
  date: string;
  duration: number;
  onDateChange: (date: string) => void;
  onDurationChange: (duration: number) => void;
  disabled?: boolean;
};

/**
 * Step 2, date and duration. The bounds are the server's (context.today … context.maxDate); a date
 * typed outside them gets SPEC §5's message and goes back to the nearest bookable day.
 */
export function DateDurationFields(props: Props) {
  const { context, facilityType, date, duration, disabled } = props;
  // The input's own text: while a year is half typed ("0202") it is not a date to act on yet.
  const [raw, setRaw] = useState(date);
  useEffect(() => setRaw(date), [date]);

  const commit = (value: string) => {
    setRaw(value);
    if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return;
    if (value < context.today) {
      notifyError(PAST_DATE_MESSAGE);
      setRaw(context.today);
      props.onDateChange(context.today);
    } else if (value > context.maxDate) {
      notifyError(tooFarMessage(context.horizonDays));
      setRaw(context.maxDate);
      props.onDateChange(context.maxDate);
    } else {
      props.onDateChange(value);
    }
  };

  return (
    // Side by side on a phone too (issue 34): the times start higher up the screen.
    <div className={classes.dateDuration}>
      <TextInput
        type="date"
        label="Date"
        size="md"
        value={raw}
        min={context.today}
        max={context.maxDate}
        description={`Up to ${context.horizonDays} days ahead`}
        descriptionProps={{ visibleFrom: "sm" }}
        leftSection={<IconCalendar size={18} aria-hidden />}
        onChange={(e) => commit(e.currentTarget.value)}
        onBlur={() => setRaw(date)}
        disabled={disabled}
        required
      />
      {/* Mantine's NativeSelect, without its code: the same InputBase around a native select. */}
      <InputBase
        component="select"
        pointer
        label="Duration"
        size="md"
        value={String(duration)}
        onChange={(e: ChangeEvent<HTMLSelectElement>) =>
          props.onDurationChange(Number(e.currentTarget.value))
        }
        leftSection={<IconClockHour4 size={18} aria-hidden />}
        rightSection={<IconChevronDown size={16} aria-hidden />}
        rightSectionPointerEvents="none"
        description={facilityType === "court" ? "Courts from 1 hour" : "Dart bays from 30 minutes"}
        descriptionProps={{ visibleFrom: "sm" }}
        disabled={disabled}
        required
      >
        {context.durations[facilityType].map((m) => (
          <option key={m} value={String(m)}>
            {durationLabel(m)}
          </option>
        ))}
      </InputBase>
    </div>
  );
}
