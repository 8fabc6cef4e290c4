import { Group, RadioCard, RadioGroup, RadioIndicator, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconPingPong, IconTarget } from "@tabler/icons-react";
import { FACILITY_LABELS } from "../../../domain/booking-form";
import { FACILITY_TYPES, type FacilityType } from "../../../domain/durations";
import classes from "./booking.module.css";

const ICONS = { court: IconPingPong, dart_bay: IconTarget } as const;

/** Step 1: Pickleball Court or Dart Bay. */
export function FacilityPicker({
  value,
  onChange,
  disabled,
}: {
  value: FacilityType;
  onChange: (value: FacilityType) => void;
  disabled?: boolean;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={(v) => onChange(v as FacilityType)}
      label="What would you like to book?"
      labelProps={{ mb: "xs" }}
    >
      <SimpleGrid cols={2} spacing="sm">
        {FACILITY_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <RadioCard key={type} value={type} className={classes.card} p="sm" disabled={disabled}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Icon size={26} aria-hidden />
                  <RadioIndicator size="sm" />
                </Group>
                <Text fw={700}>{FACILITY_LABELS[type]}</Text>
              </Stack>
            </RadioCard>
          );
        })}
      </SimpleGrid>
    </RadioGroup>
  );
}
