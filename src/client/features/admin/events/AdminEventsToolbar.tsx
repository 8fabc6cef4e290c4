import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import { EVENT_TYPES } from "../../../../domain/events";
import { useSession } from "../../../lib/session";
import type { AdminEventFilters, CategoryFilter, StatusFilter } from "./admin-event-filters";

const CATEGORY_OPTIONS = [
  { value: "all", label: "All Categories" },
  { value: "private", label: "Private Events" },
  ...EVENT_TYPES.map((t) => ({ value: t.code, label: t.label })),
];
const STATUS_OPTIONS = [
  { value: "all", label: "All Statuses" },
  { value: "upcoming", label: "Upcoming" },
  { value: "completed", label: "Completed" },
];

/** SPEC §2 Admin events list header: date, Clear Date, Hide Private Events, Create Event, search, selects. */
export function AdminEventsToolbar({
  filters,
  onChange,
}: {
  filters: AdminEventFilters;
  onChange: (patch: Partial<AdminEventFilters>) => void;
}) {
  const { staffCan } = useSession();
  const createHref = `/create-event${filters.date ? `?returnDate=${filters.date}` : ""}`;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <div>
            <Text component="label" htmlFor="admin-events-date" size="sm" fw={500} display="block" mb={4}>
              Select Date:
            </Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                id="admin-events-date"
                type="date"
                value={filters.date ?? ""}
                onChange={(e) => onChange({ date: e.currentTarget.value || null })}
                w={170}
              />
              {filters.date && (
                <Anchor component="button" type="button" size="sm" onClick={() => onChange({ date: null })}>
                  Clear Date
                </Anchor>
              )}
            </Group>
          </div>
          <Checkbox
            label="Hide Private Events"
            checked={filters.hidePrivate}
            onChange={(e) => onChange({ hidePrivate: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {staffCan("manager") && (
          <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
            Create Event
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          aria-label="Search events"
          placeholder="Search events..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.q}
          onChange={(e) => onChange({ q: e.currentTarget.value })}
        />
        <Select
          aria-label="Category"
          data={CATEGORY_OPTIONS}
          value={filters.cat}
          onChange={(value) => onChange({ cat: (value ?? "all") as CategoryFilter })}
          allowDeselect={false}
        />
        <Select
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => onChange({ status: (value ?? "upcoming") as StatusFilter })}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Stack>
  );
}
