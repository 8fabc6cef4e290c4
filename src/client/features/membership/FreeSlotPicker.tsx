import { Center, Group, Loader, Radio, SimpleGrid, Text } from "@mantine/core";
import type { FreeSlot } from "../../../contracts/membership";
import { LoadError } from "../../components/LoadError";
import classes from "./membership.module.css";

type Props = {
  slots: FreeSlot[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => unknown;
  retrying: boolean;
  value: string | null;
  onChange: (startTime: string) => void;
  disabled?: boolean;
};

/** The free times the server offers for the date: only what may be booked, nothing to grey out. */
export function FreeSlotPicker({
  slots,
  isLoading,
  isError,
  onRetry,
  retrying,
  value,
  onChange,
  disabled,
}: Props) {
  return (
    <Radio.Group
      value={value ?? ""}
      onChange={onChange}
      label="Time (2 hours)"
      labelProps={{ mb: "xs" }}
      withAsterisk
    >
      {isLoading ? (
        <Center py="lg" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">Loading available times...</Text>
          </Group>
        </Center>
      ) : isError ? (
        <LoadError message="Failed to load time slots" onRetry={onRetry} retrying={retrying} />
      ) : !slots || slots.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" role="status">
          No free times available on this date. Free court time is offered Monday to Friday.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
          {slots.map((slot) => (
            <Radio.Card
              key={slot.startTime}
              value={slot.startTime}
              className={classes.card}
              disabled={disabled}
              px="sm"
              py={10}
              aria-label={slot.displayTime}
            >
              <Text fw={700} size="sm" style={{ whiteSpace: "nowrap" }}>
                {slot.displayTime}
              </Text>
              <Text size="xs" c="teal.8" fw={700}>
                FREE · {slot.availableCourts} {slot.availableCourts === 1 ? "court" : "courts"} open
              </Text>
            </Radio.Card>
          ))}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}
