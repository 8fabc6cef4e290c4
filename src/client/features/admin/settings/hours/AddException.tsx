import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useFacilities } from "../api/get-facilities";
import { ImpactReview } from "../impact/ImpactReview";
import { ClosureFields, SpecialDayFields } from "./ExceptionFields";
import { actionsFor, type ExceptionKind } from "./exception-form";
import { useAddException } from "./use-add-exception";

/** Add one: the draft, its impact, the choice for its bookings, save. */
export function AddException() {
  const facilities = useFacilities();
  const { form, set, checked, uncheck, action, setAction, error, next, checking, saving } = useAddException();
  const list = form.facilityType === "court" ? facilities.data?.courts : facilities.data?.dartBays;
  return (
    <Stack
      gap="sm"
      component="form"
      aria-labelledby="add-exception"
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <Title order={4} size="h5" id="add-exception">
        Add a closure or special day
      </Title>
      <SegmentedControl
        aria-label="What to add"
        value={form.kind}
        onChange={(v) => set({ kind: v as ExceptionKind })}
        data={[
          { value: "closure", label: "Close courts or bays" },
          { value: "special_day", label: "Special day" },
        ]}
      />
      {form.kind === "closure" ? (
        <ClosureFields form={form} set={set} active={(list ?? []).filter((f) => f.isActive)} />
      ) : (
        <SpecialDayFields form={form} set={set} />
      )}
      <TextInput
        label="Reason players see"
        description={
          form.kind === "closure"
            ? 'Shown on the booking screen as "Court 3 closed: resurfacing"'
            : 'Shown on the booking screen, e.g. "Closed for Thanksgiving"'
        }
        value={form.reason}
        maxLength={120}
        onChange={(e) => set({ reason: e.currentTarget.value })}
      />
      {checked && (
        <ImpactReview
          impact={checked.impact}
          action={action}
          onAction={setAction}
          actions={actionsFor(form.kind)}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        {checked ? (
          <>
            <Button type="submit" loading={saving}>
              {form.kind === "closure" ? "Save Closure" : "Save Special Day"}
            </Button>
            <Button variant="default" onClick={uncheck}>
              Back to Edit
            </Button>
          </>
        ) : (
          <Button type="submit" loading={checking}>
            Check Impact
          </Button>
        )}
      </Group>
    </Stack>
  );
}
