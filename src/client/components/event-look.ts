import type { EventType } from "../../domain/events";

/** One colour per event type, on the public events screens and the staff ones alike. */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  open_play: "teal",
  tournament: "grape",
  league: "blue",
  ladder: "orange",
  classes: "cyan",
  foodie: "pink",
};
