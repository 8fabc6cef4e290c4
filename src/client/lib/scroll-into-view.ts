/**
 * Smooth scrolling, unless the player asked their system for reduced motion (WCAG 2.3.3): then the
 * page jumps.
 */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/**
 * A ref callback for a message that answers what the user just did: it is brought into view where
 * the user is instead of appearing off-screen (issue 14, "messages shown where the user is").
 */
export function scrollIntoViewOnMount(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: "nearest", behavior: scrollBehavior() });
}
