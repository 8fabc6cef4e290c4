// Court alerts (ISSUE 15 item 2; docs/decisions/023): "tell me when a court frees at this time".

/** Active alerts one person (email address) may have at once. */
export const ALERT_LIMIT_ACTIVE_PER_PERSON = 5;
/** Alerts one network address may create in ALERT_ADDRESS_WINDOW_MINUTES, whatever emails it gives. */
export const ALERT_LIMIT_PER_ADDRESS = 20;
export const ALERT_ADDRESS_WINDOW_MINUTES = 60;

export const tooManyAlertsMessage = (limit: number) =>
  `You can have at most ${limit} court alerts at a time. One ends when its time passes or when we tell you a place is free.`;

export const tooManyAlertsFromAddressMessage = (limit: number, windowMinutes: number) =>
  `At most ${limit} court alerts can be set from one connection in ${windowMinutes} minutes. Please try again later.`;

export const SLOT_IS_FREE_MESSAGE = "This time is available: add it to your cart to book it.";
export const SLOT_PASSED_MESSAGE = "This time has passed";
