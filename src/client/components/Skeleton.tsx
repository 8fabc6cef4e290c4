import type { CSSProperties } from "react";

// Issue 34 item 2: where data is on its way, the shape of what is coming instead of a lone spinner.
// Plain elements with index.html's `.sk` class (the first paint uses it too): no component code.

/** One grey block, hidden from screen readers (its container says "Loading" as a status). */
export function Skeleton({ style, className }: { style?: CSSProperties; className?: string }) {
  return <span className={className ? `sk ${className}` : "sk"} style={style} aria-hidden />;
}

/** A page's worth of blocks: a title line and two cards (the layout's fallback while a page's code arrives). */
export function PageSkeleton({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" aria-label={label} style={{ display: "grid", gap: 16, padding: "24px 0" }}>
      <Skeleton style={{ height: 32, width: "min(60%, 320px)" }} />
      <Skeleton style={{ height: 160, borderRadius: 12 }} />
      <Skeleton style={{ height: 160, borderRadius: 12 }} />
    </div>
  );
}
