import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import type { CurrentUser, SessionResponse } from "../../contracts/auth";
import { hasStaffRole, type StaffRole } from "../../domain/staff-roles";
import { api } from "./api";
import { onAuthEvent } from "./auth-events";
import { takeServedData } from "./served-data";

type SessionValue = {
  user: CurrentUser | null;
  isAdmin: boolean;
  isMember: boolean;
  /** Issue 33: whether the signed-in staff role reaches `role` (the server decides; this only hides). */
  staffCan: (role: StaffRole) => boolean;
  refresh: () => Promise<CurrentUser | null>;
};

const SessionContext = createContext<SessionValue | null>(null);
export const SESSION_KEY = ["session"] as const;

// SPEC §2: on start the product restores the session before showing anything; the frame re-checks
// sign-in and admin status when the tab becomes visible again and on every authentication event.
export function SessionProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => api<SessionResponse>("/session"),
    initialData: () => takeServedData<SessionResponse>("session-data"),
    staleTime: 30_000,
    retry: 1,
  });

  const refresh = useCallback(async () => {
    const data = await queryClient.fetchQuery({
      queryKey: SESSION_KEY,
      queryFn: () => api<SessionResponse>("/session"),
      staleTime: 0,
    });
    return data.user;
  }, [queryClient]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh().catch(() => {});
    };
    document.addEventListener("visibilitychange", onVisible);
    const off = onAuthEvent(() => void refresh().catch(() => {}));
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      off();
    };
  }, [refresh]);

  const user = query.data?.user ?? null;
  const value = useMemo<SessionValue>(() => sessionValue(user, refresh), [user, refresh]);
  // A failed check leaves the visitor a guest rather than blocking the app.
  if (query.isPending) return <>{fallback}</>;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  const queryClient = useQueryClient();
  if (!value) throw new Error("useSession outside SessionProvider");
  // The cache, read as this component renders: sign-in stores the new user and navigates in the same
  // tick, before the provider hears of it (TanStack tells observers on a timer), and the guard of the
  // page it navigates to must already see that user.
  const cached = queryClient.getQueryData<SessionResponse>(SESSION_KEY);
  if (cached === undefined || cached.user === value.user) return value;
  const user = cached.user;
  return sessionValue(user, value.refresh);
}

function sessionValue(user: CurrentUser | null, refresh: SessionValue["refresh"]): SessionValue {
  return {
    user,
    isAdmin: user?.isAdmin ?? false,
    isMember: user?.isMember ?? false,
    staffCan: (role: StaffRole) => hasStaffRole(user?.staffRole, role),
    refresh,
  };
}
