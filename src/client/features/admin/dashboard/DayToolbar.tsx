import { ActionIcon, Button, Group, SegmentedControl, TextInput } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconRefresh } from "@tabler/icons-react";
import type { AdminFacilityType } from "../../../../contracts/admin";
import { addDaysToDate, isDateString } from "../../../../domain/venue-time";

export type DayView = "list" | "grid";

type Props = {
  date: string;
  facilityType: AdminFacilityType;
  view: DayView;
  onDate: (date: string) => void;
  onFacilityType: (type: AdminFacilityType) => void;
  onView: (view: DayView) => void;
  onRefresh: () => void;
};

/** SPEC §2 Admin Dashboard: Courts / Dart Bays, the date with previous/next arrows, list / grid. */
export function DayToolbar({ date, facilityType, view, onDate, onFacilityType, onView, onRefresh }: Props) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="Facility type"
        value={facilityType}
        onChange={(v) => onFacilityType(v as AdminFacilityType)}
        data={[
          { label: "Courts", value: "court" },
          { label: "Dart Bays", value: "dart_bay" },
        ]}
      />
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous day"
          onClick={() => onDate(addDaysToDate(date, -1))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <TextInput
          type="date"
          aria-label="Date"
          value={date}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isDateString(value)) onDate(value);
          }}
          w={170}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next day"
          onClick={() => onDate(addDaysToDate(date, 1))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => onView(v as DayView)}
          data={[
            { label: "List", value: "list" },
            { label: "Grid", value: "grid" },
          ]}
        />
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh}>
          Refresh
        </Button>
      </Group>
    </Group>
  );
}
