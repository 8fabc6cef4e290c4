import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { PriceBand, SpecialPrice } from "../../../../../domain/rate-card";
import { BandsEditor } from "./BandsEditor";

type Props = {
  specials: SpecialPrice[];
  /** The bands a new special starts from (the weekend's). */
  template: PriceBand[];
  today: string;
  onChange: (specials: SpecialPrice[]) => void;
};

/** Date ranges with prices of their own (a holiday rate), used instead of the weekday or weekend bands. */
export function SpecialPricesEditor({ specials, template, today, onChange }: Props) {
  const update = (index: number, patch: Partial<SpecialPrice>) =>
    onChange(specials.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Stack gap="sm">
      <Text fw={600}>Special prices for dates</Text>
      {specials.length === 0 && (
        <Text size="sm" c="dimmed">
          None. A special price replaces the weekday and weekend prices on its dates.
        </Text>
      )}
      {specials.map((special, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: specials have no id; their order is their identity
        <Paper key={index} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput
                label="Name"
                value={special.label}
                onChange={(e) => update(index, { label: e.currentTarget.value })}
              />
              <TextInput
                label="First day"
                type="date"
                value={special.fromDate}
                onChange={(e) => update(index, { fromDate: e.currentTarget.value })}
              />
              <TextInput
                label="Last day"
                type="date"
                value={special.toDate}
                onChange={(e) => update(index, { toDate: e.currentTarget.value })}
              />
            </SimpleGrid>
            <BandsEditor
              label={special.label.trim() || `Special price ${index + 1}`}
              bands={special.bands}
              onChange={(bands) => update(index, { bands })}
            />
            <Group>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => onChange(specials.filter((_, i) => i !== index))}
              >
                Remove {special.label.trim() || "this special price"}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            onChange([...specials, { label: "Holiday", fromDate: today, toDate: today, bands: template }])
          }
        >
          Add a special price
        </Button>
      </Group>
    </Stack>
  );
}
