import { Checkbox, Group, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import type { VenueFacility } from "../../../../../contracts/venue";
import type { FacilityType } from "../../../../../domain/durations";
import { type ExceptionForm, TIMES } from "./exception-form";

type Props = { form: ExceptionForm; set: (change: Partial<ExceptionForm>) => void };

/** A closure: which of the active courts or bays, from a day and time until a day and time, or weekly. */
export function ClosureFields({ form, set, active }: Props & { active: VenueFacility[] }) {
  const noun = form.facilityType === "court" ? "Courts" : "Dart bays";
  return (
    <>
      <Select
        label="Which"
        data={[
          { value: "court", label: "Courts" },
          { value: "dart_bay", label: "Dart bays" },
        ]}
        value={form.facilityType}
        allowDeselect={false}
        onChange={(v) => set({ facilityType: (v ?? "court") as FacilityType, facilityIds: [] })}
      />
      <Checkbox.Group
        label={`${noun} to close`}
        value={form.facilityIds.map(String)}
        onChange={(v) => set({ facilityIds: v.map(Number).sort((a, b) => a - b) })}
      >
        <Group gap="sm" mt={6}>
          {active.map((f) => (
            <Checkbox key={f.id} value={String(f.id)} label={f.name} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DayInput
          label={form.weekly ? "First day" : "From day"}
          value={form.startsOn}
          onChange={(startsOn) => set({ startsOn })}
        />
        <TimeSelect label="From time" value={form.startTime} onChange={(startTime) => set({ startTime })} />
        <DayInput
          label={form.weekly ? "Last day" : "Until day"}
          value={form.endsOn}
          onChange={(endsOn) => set({ endsOn })}
        />
        <TimeSelect label="Until time" value={form.endTime} onChange={(endTime) => set({ endTime })} />
      </SimpleGrid>
      <Switch
        label="Every week on the first day's weekday, from the time until the time"
        checked={form.weekly}
        onChange={(e) => set({ weekly: e.currentTarget.checked })}
      />
    </>
  );
}

/** A special day: other hours, or closed, for the whole venue from a first to a last day. */
export function SpecialDayFields({ form, set }: Props) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DayInput label="First day" value={form.startsOn} onChange={(startsOn) => set({ startsOn })} />
        <DayInput label="Last day" value={form.endsOn} onChange={(endsOn) => set({ endsOn })} />
      </SimpleGrid>
      <Switch
        label="Closed all day"
        checked={form.closed}
        onChange={(e) => set({ closed: e.currentTarget.checked })}
      />
      {!form.closed && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TimeSelect label="Opens" value={form.opensAt} onChange={(opensAt) => set({ opensAt })} />
          <TimeSelect label="Closes" value={form.closesAt} onChange={(closesAt) => set({ closesAt })} />
        </SimpleGrid>
      )}
    </>
  );
}

type FieldProps = { label: string; value: string; onChange: (value: string) => void };

function DayInput({ label, value, onChange }: FieldProps) {
  return (
    <TextInput type="date" label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

/** A time every half hour; never empty (clearing it keeps the time it had). */
function TimeSelect({ label, value, onChange }: FieldProps) {
  return (
    <Select
      label={label}
      data={TIMES}
      value={value}
      allowDeselect={false}
      onChange={(v) => onChange(v ?? value)}
    />
  );
}
