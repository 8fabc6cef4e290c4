// The toasts' container (src/client/components/layout/NotificationsHost.tsx) and Mantine's toast
// store are fetched at the first toast, not with the page: a first visit never waits for them.
// Every toast goes through the one promise, so toasts keep the order they were asked in.
let store: Promise<typeof import("@mantine/notifications")> | null = null;
const withStore = (use: (module: typeof import("@mantine/notifications")) => void) => {
  store ??= import("@mantine/notifications");
  void store.then(use);
};
const listeners = new Set<() => void>();
let requested = false;

export function subscribeToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toastsRequested = () => requested;

function requestHost() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** Toasts shown at once in the header's lane (Toasts.tsx); a newer one takes the oldest one's place. */
export const TOAST_LIMIT = 2;

function show(message: string, color: string) {
  requestHost();
  withStore(({ notifications, notificationsStore }) => {
    // The newest says what just happened: the oldest makes room for it rather than it waiting in a
    // queue behind messages that are already out of date.
    const shown = notificationsStore.getState().notifications;
    const oldest = shown.length >= TOAST_LIMIT ? shown[0] : undefined;
    if (oldest?.id) notifications.hide(oldest.id);
    notifications.show({ message, color });
  });
}

// SPEC §2 / §9 Notifications: 4000 ms (set once on <Notifications>, components/layout/Toasts.tsx),
// shown in the sticky header's lane, where they push the page down instead of covering it (Toasts.tsx).
export const notifySuccess = (message: string) => show(message, "teal");
export const notifyError = (message: string) => show(message, "red");
export const notifyInfo = (message: string) => show(message, "blue");

const CART_TOAST = "cart-change";
let cartToastTurn = 0;

/**
 * The cart's own toast: a second add (or remove) replaces the text of the toast still showing
 * instead of stacking another one. Its 4 s start again: Mantine restarts the timer when autoClose
 * changes, hence the alternating extra millisecond.
 */
export function notifyCart(message: string, color: "teal" | "blue" = "teal") {
  requestHost();
  cartToastTurn += 1;
  const toast = { id: CART_TOAST, message, color, autoClose: 4000 + (cartToastTurn % 2) };
  withStore(({ notifications, notificationsStore }) => {
    const { notifications: shown, queue } = notificationsStore.getState();
    if ([...shown, ...queue].some((n) => n.id === CART_TOAST)) notifications.update(toast);
    else notifications.show(toast);
  });
}
