import { Button, Group, Input, Loader, Text } from "@mantine/core";
import { useEffect } from "react";
import { EVENT_FORM_MESSAGES, keepOfferedCourts } from "../../../../domain/event-form";
import { isTimeString, minutesOf } from "../../../../domain/venue-time";
import { LoadError } from "../../../components/LoadError";
import { useFacilities } from "../settings/api/get-facilities";
import { useAvailableCourts } from "./api/get-available-courts";

/**
 * SPEC §2 "Select Courts": a "Court N" button per available court, disabled until the date and
 * both times are set; SPEC §5 Courts offered (the edited event not counted). Selected courts that
 * stop being offered are dropped.
 */
export function CourtPicker({
  date,
  startTime,
  endTime,
  excludeEventId,
  required,
  selected,
  onChange,
}: {
  date: string;
  startTime: string;
  endTime: string;
  excludeEventId?: string;
  required: boolean;
  selected: number[];
  onChange: (courts: number[]) => void;
}) {
  const ready =
    date !== "" &&
    isTimeString(startTime) &&
    isTimeString(endTime) &&
    minutesOf(endTime) > minutesOf(startTime);
  const q = { date, startTime, endTime, excludeEventId };
  const query = useAvailableCourts(q, ready);
  const offered = ready ? (query.data?.courts ?? null) : null;

  useEffect(() => {
    if (!offered) return;
    const kept = keepOfferedCourts(selected, offered);
    if (kept.length !== selected.length) onChange(kept);
  }, [offered, selected, onChange]);

  const toggle = (court: number) =>
    onChange(
      selected.includes(court)
        ? selected.filter((c) => c !== court)
        : [...selected, court].sort((a, b) => a - b),
    );

  // Issue 31: the venue's active courts, by the names and in the order staff gave them.
  const facilities = useFacilities();
  const active = (facilities.data?.courts ?? []).filter((c) => c.isActive);
  const names = new Map(active.map((c) => [c.id, c.name]));
  const shown = offered ?? active.map((c) => c.id);
  return (
    <Input.Wrapper
      label="Select Courts"
      required={required}
      description={ready ? undefined : "Set the date, start time and end time first"}
    >
      <Group gap={8} mt={6} role="group" aria-label="Courts">
        {ready && query.isPending && <Loader size="xs" role="status" aria-label="Loading courts" />}
        {!(ready && query.isPending) &&
          shown.map((court) => (
            <Button
              key={court}
              size="sm"
              variant={selected.includes(court) ? "filled" : "default"}
              aria-pressed={selected.includes(court)}
              disabled={!ready}
              onClick={() => toggle(court)}
            >
              {names.get(court) ?? `Court ${court}`}
            </Button>
          ))}
      </Group>
      {offered && offered.length === 0 && (
        <Text size="sm" c="red" mt={6} role="status">
          {EVENT_FORM_MESSAGES.noCourts}
        </Text>
      )}
      {query.isError && (
        <LoadError
          message="Failed to load available facilities"
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      )}
    </Input.Wrapper>
  );
}
