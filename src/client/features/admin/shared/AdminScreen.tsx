import type { ReactNode } from "react";
import { WithAdminSidebar } from "../../../components/layout/AppLayout";
import { useSessionWatch } from "./use-session-watch";

/** Every staff screen: the admin side bar beside the content, and the session check on return. */
export function AdminScreen({ children }: { children: ReactNode }) {
  useSessionWatch();
  return <WithAdminSidebar enabled>{children}</WithAdminSidebar>;
}
