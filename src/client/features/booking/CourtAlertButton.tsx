import { Button, Group, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { TimeSlotDto } from "../../../contracts/booking";
import type { FacilityType } from "../../../domain/durations";

// Loaded when opened, so the booking page's first load does not carry the form.
const CourtAlertDialog = lazy(() => import("./CourtAlertDialog"));

const WHAT: Record<FacilityType, string> = { court: "a court", dart_bay: "a dart bay" };

/** "Notify me" under the time list when some times are full (ISSUE 15 item 2; docs/decisions/023). */
export function CourtAlertButton(props: {
  facilityType: FacilityType;
  date: string;
  duration: number;
  slots: TimeSlotDto[];
}) {
  const [open, setOpen] = useState(false);
  if (!props.slots.some((s) => !s.isAvailable)) return null;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          Your time is full? We can tell you when {WHAT[props.facilityType]} frees.
        </Text>
        <Button variant="light" size="sm" leftSection={<IconBell size={16} />} onClick={() => setOpen(true)}>
          Notify me
        </Button>
      </Group>
      {open && (
        <Suspense fallback={null}>
          <CourtAlertDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
