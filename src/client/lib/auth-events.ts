// SPEC §4 Authentication events: the frame re-checks the session on each. Other tabs hear them too.
type AuthEvent = "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "USER_UPDATED" | "PASSWORD_RECOVERY";

const target = new EventTarget();
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("auth-events");

channel?.addEventListener("message", (e: MessageEvent<AuthEvent>) => {
  target.dispatchEvent(new CustomEvent<AuthEvent>("auth", { detail: e.data }));
});

export function emitAuthEvent(event: AuthEvent) {
  target.dispatchEvent(new CustomEvent<AuthEvent>("auth", { detail: event }));
  channel?.postMessage(event);
}

export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<AuthEvent>).detail);
  target.addEventListener("auth", handler);
  return () => target.removeEventListener("auth", handler);
}

/** SPEC §2 Sign Out step 3: the app-wide "userSignedOut" event that screens clear themselves on. */
export const USER_SIGNED_OUT = "userSignedOut";
