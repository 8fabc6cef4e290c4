import { TextInput } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { PAST_DATE_MESSAGE, tooFarMessage } from "../../../domain/booking-window";
import { daysBetweenDates } from "../../../domain/venue-time";
import { notifyError } from "../../lib/notify";

type Props = {
  value: string;
  /** The server's bounds: today and today + the members' horizon (14 days by default). */
  min: string;
  max: string;
  onChange: (date: string) => void;
};

/** The date, from today to today + 14; a date typed outside gets SPEC §5's message and is reset. */
export function FreeDateField({ value, min, max, onChange }: Props) {
  const horizon = daysBetweenDates(min, max);
  // The input's own text: while a year is half typed it is not a date to act on yet.
  const [raw, setRaw] = useState(value);
  useEffect(() => setRaw(value), [value]);

  const commit = (next: string) => {
    setRaw(next);
    if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(next)) return;
    if (next < min) {
      notifyError(PAST_DATE_MESSAGE);
      onChange(min);
    } else if (next > max) {
      notifyError(tooFarMessage(horizon));
      onChange(max);
    } else {
      onChange(next);
    }
  };

  return (
    <TextInput
      type="date"
      label="Date"
      size="md"
      value={raw}
      min={min}
      max={max}
      description={`Up to ${horizon} days ahead`}
      leftSection={<IconCalendar size={18} aria-hidden />}
      onChange={(e) => commit(e.currentTarget.value)}
      onBlur={() => setRaw(value)}
      required
      maw={{ sm: 320 }}
    />
  );
}
