import { Chip, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import type { FacilityRates } from "../../../../../domain/rate-card";
import { timeChoices } from "./price-form";

const OFFERABLE = [30, 60, 90, 120, 150, 180, 210, 240];

type Props = {
  rates: FacilityRates;
  onChange: (patch: Partial<FacilityRates>) => void;
};

/**
 * The durations players may book and the one the booking screen starts on, and per duration the
 * weekday start before which a booking is priced wholly at the band it starts in (SPEC §9 "Before
 * listed times"; empty prorates across band edges).
 */
export function DurationsEditor({ rates, onChange }: Props) {
  const offered = [...rates.durations].sort((a, b) => a - b);
  const listedChoices = [{ value: "", label: "Prorate" }, ...timeChoices()];
  const setListed = (minutes: number, time: string) => {
    const next = { ...rates.weekdayWholeBandBefore };
    if (time) next[String(minutes)] = time;
    else delete next[String(minutes)];
    onChange({ weekdayWholeBandBefore: next });
  };
  return (
    <Stack gap="sm">
      <Chip.Group
        multiple
        value={offered.map(String)}
        onChange={(values) => onChange({ durations: values.map(Number).sort((a, b) => a - b) })}
      >
        <Text fw={600} id="durations-offered">
          Durations offered
        </Text>
        <Group gap="xs" role="group" aria-labelledby="durations-offered">
          {OFFERABLE.map((m) => (
            <Chip key={m} value={String(m)} size="sm">
              {m} min
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Select
        label="Default duration"
        data={offered.map((m) => ({ value: String(m), label: `${m} min` }))}
        value={String(rates.defaultDuration)}
        allowDeselect={false}
        onChange={(v) => v && onChange({ defaultDuration: Number(v) })}
        maw={220}
      />
      <Text fw={600}>Weekday starts priced wholly at their band</Text>
      <Text size="sm" c="dimmed">
        A weekday booking that starts before this time pays its starting band's price for the whole booking
        instead of a prorated price.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
        {offered.map((m) => (
          <Select
            key={m}
            label={`${m} min, starts before`}
            data={listedChoices}
            value={rates.weekdayWholeBandBefore[String(m)] ?? ""}
            allowDeselect={false}
            onChange={(v) => setListed(m, v ?? "")}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
