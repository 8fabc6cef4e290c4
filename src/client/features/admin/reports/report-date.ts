import { formatVenueDateShort } from "../../../../domain/booking-form";

/** "Sat, Mar 1, 2025": a range may cross a year, so the reports name it. */
export const reportDate = (date: string) => `${formatVenueDateShort(date)}, ${date.slice(0, 4)}`;
