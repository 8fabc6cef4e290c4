import { Group, RadioCard, RadioGroup, RadioIndicator, SimpleGrid, Text } from "@mantine/core";
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
      labelProps={{ mb: "xs", visibleFrom: "sm" }}
    >
      <SimpleGrid cols={2} spacing="sm">
        {FACILITY_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            // One row on a phone: the icon, the name and the indicator (issue 34: less to scroll).
            <RadioCard key={type} value={type} className={classes.card} px="sm" py={8} disabled={disabled}>
              <Group gap={8} wrap="nowrap" justify="space-between">
                <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={22} aria-hidden style={{ flex: "none" }} />
                  <Text fw={700} size="sm" lh={1.2}>
                    {FACILITY_LABELS[type]}
                  </Text>
                </Group>
                <RadioIndicator size="sm" />
              </Group>
            </RadioCard>
          );
        })}
      </SimpleGrid>
    </RadioGroup>
  );
}
