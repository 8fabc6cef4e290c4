import { useEffect, useRef } from "react";

/**
 * The toasts' lane pushes the page down while a toast shows (Toasts.tsx, decision 026). When one
 * closes the lane shrinks; the page is scrolled up by as much, so what a person is about to tap
 * stays where it is instead of jumping up under their finger 4 seconds after their last tap.
 */
export function useToastLane() {
  const lane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = lane.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let height = element.getBoundingClientRect().height;
    const observer = new ResizeObserver(() => {
      const next = element.getBoundingClientRect().height;
      const shrunk = height - next;
      height = next;
      if (shrunk > 0 && window.scrollY > 0) window.scrollBy({ top: -shrunk, behavior: "instant" });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return lane;
}
