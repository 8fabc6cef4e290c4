import type { EventType } from "../../../domain/events";

/** One colour per event type, for badges and the calendar strip's dots. */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  open_play: "teal",
  tournament: "grape",
  league: "blue",
  ladder: "orange",
  classes: "cyan",
  foodie: "pink",
};
