import { lazy, type ReactNode, Suspense } from "react";

// Confirmation dialogs (modals.openConfirmModal) are used on staff screens only, so their provider
// is loaded with them, never on a public page.
const ModalsProvider = lazy(() => import("@mantine/modals").then((m) => ({ default: m.ModalsProvider })));

export function AdminModalsProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <ModalsProvider>{children}</ModalsProvider>
    </Suspense>
  );
}
