import { useEffect, useState } from "react";

/** The current instant, re-read every 60 seconds (the timeline's line, which buttons a booking offers). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
