import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { roleRequirement, type StaffRole } from "../../domain/staff-roles";
import { notifyError } from "../lib/notify";
import { useSession } from "../lib/session";
import { AdminModalsProvider } from "./AdminModalsProvider";
import { PageLoader } from "./layout/AppLayout";

// The browser only mirrors what the server decides (every API checks the role too);
// these send people to the right screen with the spec's messages.

function Redirect({ to, message }: { to: string; message?: string }) {
  const shown = useRef(false);
  useEffect(() => {
    if (message && !shown.current) {
      shown.current = true;
      notifyError(message);
    }
  }, [message]);
  return <Navigate to={to} replace />;
}

/** The page a guard turned away, for /login to return to once signed in. */
const fullPath = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

/** Arriving signed out → /login; signing out while on the page → / (SPEC §2 Sign Out step 5). */
function useSignedOutTarget(): string {
  const { user } = useSession();
  const wasSignedIn = useRef(user !== null);
  if (user) wasSignedIn.current = true;
  return wasSignedIn.current ? "/" : "/login";
}

export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const signedOutTarget = useSignedOutTarget();
  if (!user) return <Navigate to={signedOutTarget} replace state={{ from: fullPath(location) }} />;
  return <>{children}</>;
}

/** SPEC §2 Member Free Reservations: signed-out → /login; non-members → / with the message. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const signedOutTarget = useSignedOutTarget();
  if (!user) return <Navigate to={signedOutTarget} replace state={{ from: fullPath(location) }} />;
  if (!user.isMember) return <Redirect to="/" message="This page is for members only" />;
  return <>{children}</>;
}

/**
 * SPEC §6: admin screens — no session → /login; a signed-in non-admin → / with "Access denied".
 * Issue 33: a screen for a higher staff role sends the lower one to the dashboard, saying who may.
 */
export function RequireAdmin({ children, staff = "front_desk" }: { children: ReactNode; staff?: StaffRole }) {
  const { user, staffCan } = useSession();
  const location = useLocation();
  const signedOutTarget = useSignedOutTarget();
  if (!user) return <Navigate to={signedOutTarget} replace state={{ from: fullPath(location) }} />;
  if (!user.isAdmin) return <Redirect to="/" message="Access denied" />;
  if (!staffCan(staff)) return <Redirect to="/admin" message={roleRequirement(staff)} />;
  return <AdminModalsProvider fallback={<PageLoader />}>{children}</AdminModalsProvider>;
}
