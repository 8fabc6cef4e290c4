import { lazy, Suspense, useSyncExternalStore } from "react";
import { subscribeToastsRequested, toastsRequested } from "../../lib/notify";

// SPEC §2 / §9 Notifications, 4000 ms, in the header's lane (Toasts.tsx). The container and its animations are a chunk
// of their own, mounted at the first toast (the toast waits in the store until then).
const Toasts = lazy(() => import("./Toasts"));

export function NotificationsHost() {
  const requested = useSyncExternalStore(subscribeToastsRequested, toastsRequested, toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
