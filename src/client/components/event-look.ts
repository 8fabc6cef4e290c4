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

/** The app's own picture of each type (public/files/events, scripts/demo-images.mjs), 2:1. */
export const EVENT_TYPE_ART: Record<EventType, string> = {
  open_play: "/files/events/open-play.svg",
  tournament: "/files/events/tournament.svg",
  league: "/files/events/league.svg",
  ladder: "/files/events/ladder.svg",
  classes: "/files/events/classes.svg",
  foodie: "/files/events/foodie.svg",
};

/** The size a card's picture is laid out at (width and height on the <img>: no layout shift). */
export const EVENT_ART_SIZE = { width: 640, height: 320 } as const;

/** Issue 34 item 2: the event's photo, or its type's picture when staff gave it none. */
export const eventPicture = (event: { photoUrl: string | null; type: EventType }) =>
  event.photoUrl ?? EVENT_TYPE_ART[event.type];
