import { Button } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";

/** "Add to calendar": the server's .ics for this item (the owner's only). */
export function CalendarLink({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="subtle"
      size="compact-sm"
      leftSection={<IconCalendarPlus size={16} aria-hidden />}
      aria-label={`Add ${label} to calendar`}
    >
      Add to calendar
    </Button>
  );
}
