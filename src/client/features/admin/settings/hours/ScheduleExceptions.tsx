import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import type { ClosureAction, ClosureDraft, ClosureImpact } from "../../../../../contracts/venue";
import { formatVenueDateShort } from "../../../../../domain/booking-form";
import type { FacilityType } from "../../../../../domain/durations";
import { formatCents } from "../../../../../domain/money";
import { formatTime12, timeOf, venueToday } from "../../../../../domain/venue-time";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useClosureImpact } from "../api/closure-impact";
import { useFacilities } from "../api/get-facilities";
import { useScheduleExceptions } from "../api/get-schedule-exceptions";
import { useRemoveScheduleException } from "../api/remove-schedule-exception";
import { useSaveClosure } from "../api/save-closure";
import { ImpactReview } from "../impact/ImpactReview";

const TIMES = Array.from({ length: 49 }, (_, i) => timeOf(i * 30)).map((value) => ({
  value,
  label: value === "24:00" ? "Midnight" : formatTime12(value),
}));

type Kind = "closure" | "special_day";
type Form = {
  kind: Kind;
  facilityType: FacilityType;
  facilityIds: number[];
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  weekly: boolean;
  closed: boolean;
  opensAt: string;
  closesAt: string;
  reason: string;
};

const blank = (today: string): Form => ({
  kind: "closure",
  facilityType: "court",
  facilityIds: [],
  startsOn: today,
  endsOn: today,
  startTime: "06:00",
  endTime: "24:00",
  weekly: false,
  closed: true,
  opensAt: "10:00",
  closesAt: "16:00",
  reason: "",
});

function draftOf(f: Form): ClosureDraft {
  return f.kind === "closure"
    ? {
        kind: "closure",
        facilityType: f.facilityType,
        facilityIds: f.facilityIds,
        startsOn: f.startsOn,
        endsOn: f.endsOn,
        startTime: f.startTime,
        endTime: f.endTime,
        weekly: f.weekly,
        reason: f.reason,
      }
    : {
        kind: "special_day",
        startsOn: f.startsOn,
        endsOn: f.endsOn,
        closed: f.closed,
        opensAt: f.opensAt,
        closesAt: f.closesAt,
        reason: f.reason,
      };
}

/** The ones to come, each with its Remove button. */
function UpcomingList() {
  const list = useScheduleExceptions();
  const remove = useRemoveScheduleException();
  if (list.isError) {
    return (
      <LoadError
        message={errorMessage(list.error, "Failed to load closures")}
        onRetry={list.refetch}
        retrying={list.isRefetching}
      />
    );
  }
  if (!list.data) return <PageLoader />;
  const confirmRemove = (kind: Kind, id: string, label: string) =>
    modals.openConfirmModal({
      title: "Remove it?",
      children: (
        <Text size="sm">
          {label}: the time becomes bookable again. Bookings cancelled for it stay cancelled.
        </Text>
      ),
      labels: { confirm: "Remove", cancel: "Keep It" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { kind, id },
          {
            onSuccess: () => notifySuccess(`Removed: ${label}`),
            onError: (err) => notifyError(errorMessage(err, "Failed to remove")),
          },
        ),
    });
  const { specialDays, closures } = list.data;
  if (specialDays.length === 0 && closures.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No special days or closures to come.
      </Text>
    );
  }
  const dates = (from: string, to: string) =>
    from === to ? formatVenueDateShort(from) : `${formatVenueDateShort(from)} – ${formatVenueDateShort(to)}`;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {specialDays.map((d) => (
        <Paper key={d.id} withBorder p="xs" radius="sm" component="li" data-testid="exception-row">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text fw={700} size="sm">
                {d.reason}
              </Text>
              <Text size="sm">
                {dates(d.startsOn, d.endsOn)} · {d.hours === "Closed" ? "Closed all day" : d.hours}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="default"
              aria-label={`Remove ${d.reason}`}
              onClick={() => confirmRemove("special_day", d.id, d.reason)}
            >
              Remove
            </Button>
          </Group>
        </Paper>
      ))}
      {closures.map((c) => (
        <Paper key={c.id} withBorder p="xs" radius="sm" component="li" data-testid="exception-row">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text fw={700} size="sm">
                {c.facilities} closed: {c.reason}
              </Text>
              <Text size="sm">{c.when}</Text>
            </Stack>
            <Button
              size="xs"
              variant="default"
              aria-label={`Remove ${c.facilities} closed: ${c.reason}`}
              onClick={() => confirmRemove("closure", c.id, `${c.facilities} closed: ${c.reason}`)}
            >
              Remove
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Add one: the draft, its impact, the choice for its bookings, save. */
function AddException() {
  const facilities = useFacilities();
  const impact = useClosureImpact();
  const save = useSaveClosure();
  const [form, setForm] = useState<Form>(() => blank(venueToday(new Date())));
  const [checked, setChecked] = useState<{ id: string; impact: ClosureImpact } | null>(null);
  const [action, setAction] = useState<ClosureAction>("keep");
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Form>) => {
    setForm((f) => ({ ...f, ...change }));
    setChecked(null);
    setError(null);
  };
  const list = form.facilityType === "court" ? facilities.data?.courts : facilities.data?.dartBays;
  const active = (list ?? []).filter((f) => f.isActive);
  const actions: ClosureAction[] = form.kind === "closure" ? ["keep", "move", "cancel"] : ["keep", "cancel"];
  const fail = (err: unknown, fallback: string) => {
    const message = errorMessage(err, fallback);
    setError(message);
    notifyError(message);
  };
  const check = () =>
    impact.mutate(draftOf(form), {
      onSuccess: (result) => {
        setChecked({ id: crypto.randomUUID(), impact: result });
        setAction("keep");
        setError(null);
      },
      onError: (err) => fail(err, "Failed to check the impact"),
    });
  const submit = () => {
    if (!checked) return;
    save.mutate(
      { id: checked.id, action, draft: draftOf(form) },
      {
        onSuccess: (r) => {
          const parts = [
            r.kept > 0 ? `${r.kept} kept` : "",
            r.moved > 0 ? `${r.moved} moved` : "",
            r.cancelled > 0 ? `${r.cancelled} cancelled` : "",
            r.refundedCents > 0 ? `${formatCents(r.refundedCents)} refunded` : "",
          ].filter(Boolean);
          notifySuccess(
            `${form.kind === "closure" ? "Closure" : "Special day"} saved${parts.length ? `: ${parts.join(", ")}` : ""}`,
          );
          setForm(blank(venueToday(new Date())));
          setChecked(null);
        },
        onError: (err) => fail(err, "Failed to save"),
      },
    );
  };
  const noun = form.facilityType === "court" ? "Courts" : "Dart bays";
  return (
    <Stack
      gap="sm"
      component="form"
      aria-labelledby="add-exception"
      onSubmit={(e) => {
        e.preventDefault();
        if (checked) submit();
        else check();
      }}
    >
      <Title order={4} size="h5" id="add-exception">
        Add a closure or special day
      </Title>
      <SegmentedControl
        aria-label="What to add"
        value={form.kind}
        onChange={(v) => set({ kind: v as Kind })}
        data={[
          { value: "closure", label: "Close courts or bays" },
          { value: "special_day", label: "Special day" },
        ]}
      />
      {form.kind === "closure" ? (
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
            <TextInput
              type="date"
              label={form.weekly ? "First day" : "From day"}
              value={form.startsOn}
              onChange={(e) => set({ startsOn: e.currentTarget.value })}
            />
            <Select
              label="From time"
              data={TIMES}
              value={form.startTime}
              allowDeselect={false}
              onChange={(v) => set({ startTime: v ?? form.startTime })}
            />
            <TextInput
              type="date"
              label={form.weekly ? "Last day" : "Until day"}
              value={form.endsOn}
              onChange={(e) => set({ endsOn: e.currentTarget.value })}
            />
            <Select
              label="Until time"
              data={TIMES}
              value={form.endTime}
              allowDeselect={false}
              onChange={(v) => set({ endTime: v ?? form.endTime })}
            />
          </SimpleGrid>
          <Switch
            label="Every week on the first day's weekday, from the time until the time"
            checked={form.weekly}
            onChange={(e) => set({ weekly: e.currentTarget.checked })}
          />
        </>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="First day"
              value={form.startsOn}
              onChange={(e) => set({ startsOn: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="Last day"
              value={form.endsOn}
              onChange={(e) => set({ endsOn: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Switch
            label="Closed all day"
            checked={form.closed}
            onChange={(e) => set({ closed: e.currentTarget.checked })}
          />
          {!form.closed && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label="Opens"
                data={TIMES}
                value={form.opensAt}
                allowDeselect={false}
                onChange={(v) => set({ opensAt: v ?? form.opensAt })}
              />
              <Select
                label="Closes"
                data={TIMES}
                value={form.closesAt}
                allowDeselect={false}
                onChange={(v) => set({ closesAt: v ?? form.closesAt })}
              />
            </SimpleGrid>
          )}
        </>
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
        <ImpactReview impact={checked.impact} action={action} onAction={setAction} actions={actions} />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        {checked ? (
          <>
            <Button type="submit" loading={save.isPending}>
              {form.kind === "closure" ? "Save Closure" : "Save Special Day"}
            </Button>
            <Button variant="default" onClick={() => setChecked(null)}>
              Back to Edit
            </Button>
          </>
        ) : (
          <Button type="submit" loading={impact.isPending}>
            Check Impact
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Issue 31 item 3: special days (other hours, or closed, for the whole venue) and closures of
 * courts or bays, with the reason players see; the impact is shown before anything is saved.
 */
export function ScheduleExceptions() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exceptions">
      <Stack gap="md">
        <Title order={3} size="h4" id="exceptions">
          Special days and closures
        </Title>
        <UpcomingList />
        <AddException />
      </Stack>
    </Paper>
  );
}
