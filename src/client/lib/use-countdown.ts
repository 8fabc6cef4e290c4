import { useEffect, useRef, useState } from "react";

/**
 * SPEC §2 / §9: the payment hold's countdown ticks every second from the server's expiry instant,
 * and calls onExpire once when it reaches zero.
 */
export function useCountdown(expiresAt: string, onExpire: () => void): number {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    let fired = false;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (!fired && t >= deadline) {
        fired = true;
        onExpireRef.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline]);

  return Math.max(0, deadline - now);
}
