import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api } from "./api";
import { emitAuthEvent, USER_SIGNED_OUT } from "./auth-events";
import { notifyError, notifySuccess } from "./notify";
import { SESSION_KEY } from "./session";

/** SPEC §2 Sign Out, in its order; on failure it still clears and still goes to /. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: () => api("/session/sign-out", { method: "POST" }),
  });
  return useCallback(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const failed = await mutateAsync().then(
      () => false,
      () => true,
    );
    // Leave the page first, so a members-only screen does not bounce the visitor to /login.
    await navigate("/", { replace: true });
    queryClient.setQueryData(SESSION_KEY, { user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    window.dispatchEvent(new Event(USER_SIGNED_OUT));
    emitAuthEvent("SIGNED_OUT");
    if (failed) notifyError("Failed to sign out. Please try again.");
    else notifySuccess("Signed out successfully");
  }, [navigate, queryClient, mutateAsync]);
}
