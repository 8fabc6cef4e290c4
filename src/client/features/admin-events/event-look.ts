import type { EventType } from "../../../domain/events";

/** One colour per event type (the same as the public screen's). */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  open_play: "teal",
  tournament: "grape",
  league: "blue",
  ladder: "orange",
  classes: "cyan",
  foodie: "pink",
};
