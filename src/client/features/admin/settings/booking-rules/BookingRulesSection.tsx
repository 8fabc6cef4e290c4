import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import type { BookingRules, FreeWindow } from "../../../../../domain/booking-rules";
import { formatTime12, timeOf } from "../../../../../domain/venue-time";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { ApiError, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useBookingRules } from "../api/get-booking-rules";
import { useSaveBookingRules } from "../api/save-booking-rules";

const WEEK = [
  [1, "Monday"],
  [2, "Tuesday"],
  [3, "Wednesday"],
  [4, "Thursday"],
  [5, "Friday"],
  [6, "Saturday"],
  [0, "Sunday"],
] as const;
const TIMES = Array.from({ length: 49 }, (_, i) => timeOf(i * 30)).map((value) => ({
  value,
  label: value === "24:00" ? "Midnight" : formatTime12(value),
}));
const FREE_LENGTHS = [30, 60, 90, 120, 150, 180, 210, 240].map((m) => ({
  value: String(m),
  label: `${m} min`,
}));
const NEW_WINDOW: FreeWindow = { from: "08:00", to: "17:00" };

/**
 * Settings › Booking rules (issue 32 item 2): how far ahead guests and members book, how long a
 * payment hold lasts, and the members' free court bookings (how many a week, how long, when). The
 * server refuses a horizon of 0 or over a year and windows shorter than a free booking.
 */
export default function BookingRulesSection() {
  const saved = useBookingRules();
  const save = useSaveBookingRules();
  const [draft, setDraft] = useState<BookingRules | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data.rules);
  }, [saved.data, draft]);

  if (saved.isError) {
    return (
      <LoadError
        message={errorMessage(saved.error, "Failed to load booking rules")}
        onRetry={saved.refetch}
        retrying={saved.isRefetching}
      />
    );
  }
  if (!draft) return <PageLoader />;

  const set = (patch: Partial<BookingRules>) => {
    setDraft({ ...draft, ...patch });
    setFieldError(null);
  };
  const errorOf = (field: keyof BookingRules) =>
    fieldError?.field === field ? fieldError.message : undefined;
  const number = (field: keyof BookingRules, label: string, description: string) => (
    <NumberInput
      label={label}
      description={description}
      value={draft[field] as number}
      allowDecimal={false}
      error={errorOf(field)}
      onChange={(v) => set({ [field]: typeof v === "number" ? v : Number(v) || 0 })}
    />
  );
  const setWindow = (day: number, window: FreeWindow | null) => {
    const freeWindows = { ...draft.freeWindows };
    if (window) freeWindows[String(day)] = window;
    else delete freeWindows[String(day)];
    set({ freeWindows });
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (result) => {
        setDraft(result.rules);
        notifySuccess("Booking rules saved");
      },
      onError: (err) => {
        const message = errorMessage(err, "Failed to save booking rules");
        if (err instanceof ApiError && err.field) setFieldError({ field: err.field, message });
        notifyError(message);
      },
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={submit}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            Booking ahead and payment
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {number("guestHorizonDays", "Guests book up to (days ahead)", "1 to 365 days")}
            {number("memberHorizonDays", "Members book up to (days ahead)", "1 to 365 days")}
            {number("holdMinutes", "Payment hold (minutes)", "How long a slot waits for payment")}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            Members' free court bookings
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {number("freeBookingsPerWeek", "Free bookings per week", "0 turns the perk off")}
            <Select
              label="Length of a free booking"
              data={FREE_LENGTHS}
              value={String(draft.freeBookingMinutes)}
              allowDeselect={false}
              error={errorOf("freeBookingMinutes")}
              onChange={(v) => v && set({ freeBookingMinutes: Number(v) })}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            A free booking must start and end inside its day's window.
          </Text>
          {fieldError?.field === "freeWindows" && (
            <Text size="sm" c="red.8" role="alert">
              {fieldError.message}
            </Text>
          )}
          <Stack gap="xs">
            {WEEK.map(([day, name]) => {
              const window = draft.freeWindows[String(day)];
              return (
                <Group key={day} role="group" aria-label={`${name} free bookings`} gap="sm" align="flex-end">
                  <Switch
                    label={name}
                    checked={window !== undefined}
                    onChange={(e) => setWindow(day, e.currentTarget.checked ? NEW_WINDOW : null)}
                    w={130}
                    mb={8}
                  />
                  {window && (
                    <>
                      <Select
                        label="From"
                        data={TIMES}
                        value={window.from}
                        allowDeselect={false}
                        onChange={(v) => v && setWindow(day, { ...window, from: v })}
                        w={140}
                      />
                      <Select
                        label="Until"
                        data={TIMES}
                        value={window.to}
                        allowDeselect={false}
                        onChange={(v) => v && setWindow(day, { ...window, to: v })}
                        w={140}
                      />
                    </>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      </Paper>
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Booking Rules
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The booking screen, the member pages and the membership benefits follow at once; holds and free
        bookings already made keep their times.
      </Text>
    </Stack>
  );
}
