import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on a phone: a named region in the tab order, so a keyboard can
 * scroll it too (axe "scrollable-region-focusable"; Mantine's scroll container's viewport is not).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: "auto" }}>
      {children}
    </Box>
  );
}
