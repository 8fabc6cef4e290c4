import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../../lib/session";

/** SPEC §2 Admin Dashboard: if the session is gone when the tab becomes visible again, go to /login. */
export function useSessionWatch() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      refresh()
        .then((user) => {
          if (!user) navigate("/login", { replace: true });
        })
        .catch(() => {});
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refresh, navigate]);
}
