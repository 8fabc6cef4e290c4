/**
 * A ref callback for a message that answers what the user just did: it is brought into view where
 * the user is instead of appearing off-screen (issue 14, "messages shown where the user is").
 */
export function scrollIntoViewOnMount(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: "nearest", behavior: "smooth" });
}
