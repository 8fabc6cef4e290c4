import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { PriceBand } from "../../../../../domain/rate-card";
import { centsFromInput, dollarsForInput, nextBand, timeChoices } from "./price-form";

type Props = {
  /** What these bands price, as a person would say it: "Weekdays (Monday–Friday)". */
  label: string;
  bands: PriceBand[];
  onChange: (bands: PriceBand[]) => void;
};

/** One day type's time bands: from, to, and what an hour costs members and non-members. */
export function BandsEditor({ label, bands, onChange }: Props) {
  const choices = timeChoices(bands.flatMap((b) => [b.from, b.to]));
  const update = (index: number, patch: Partial<PriceBand>) =>
    onChange(bands.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <Stack gap="xs">
      <Text fw={600}>{label}</Text>
      {bands.map((band, index) => {
        const name = `${label}, band ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: bands have no id; their order is their identity
          <Group key={index} role="group" aria-label={name} align="flex-end" gap="xs" wrap="nowrap">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
              <Select
                label="From"
                data={choices}
                value={band.from}
                allowDeselect={false}
                onChange={(v) => v && update(index, { from: v })}
              />
              <Select
                label="To"
                data={choices}
                value={band.to}
                allowDeselect={false}
                onChange={(v) => v && update(index, { to: v })}
              />
              <NumberInput
                label="Member $/hour"
                prefix="$"
                decimalScale={2}
                value={dollarsForInput(band.memberCentsPerHour)}
                onChange={(v) => update(index, { memberCentsPerHour: centsFromInput(v) })}
              />
              <NumberInput
                label="Non-member $/hour"
                prefix="$"
                decimalScale={2}
                value={dollarsForInput(band.nonMemberCentsPerHour)}
                onChange={(v) => update(index, { nonMemberCentsPerHour: centsFromInput(v) })}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${name}`}
              disabled={bands.length === 1}
              onClick={() => onChange(bands.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...bands, nextBand(bands)])}>
          Add a band
        </Button>
      </Group>
    </Stack>
  );
}
