import { Button, Divider, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import type { FacilityType } from "../../../../../domain/durations";
import type { FacilityRates, RateCard } from "../../../../../domain/rate-card";
import { venueToday } from "../../../../../domain/venue-time";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useRateCard } from "../api/get-rate-card";
import { useRateCardPreview } from "../api/preview-rate-card";
import { useSaveRateCard } from "../api/save-rate-card";
import { BandsEditor } from "./BandsEditor";
import { DurationsEditor } from "./DurationsEditor";
import { PricePreview } from "./PricePreview";
import { SpecialPricesEditor } from "./SpecialPricesEditor";

const FACILITIES: Array<{ value: FacilityType; label: string }> = [
  { value: "court", label: "Pickleball Courts" },
  { value: "dart_bay", label: "Dart Bays" },
];

/**
 * Settings › Prices (issue 32 item 1): per facility type, the durations offered and what an hour
 * costs members and non-members in each band of a weekday, a weekend day or a special date range.
 * Before saving, staff compare a day's prices under the draft with today's; the server checks the
 * draft (no overlap, no gap inside opening hours, $0 to $10,000 an hour) and prices new holds with
 * it from the moment it is saved.
 */
export default function PricesSection() {
  const saved = useRateCard();
  const save = useSaveRateCard();
  const [draft, setDraft] = useState<RateCard | null>(null);
  const [facility, setFacility] = useState<FacilityType>("court");
  const today = venueToday(new Date());
  const [date, setDate] = useState(today);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data.card);
  }, [saved.data, draft]);
  const [request] = useDebouncedValue(draft ? { card: draft, facilityType: facility, date } : null, 400);
  const preview = useRateCardPreview(request);

  if (saved.isError) {
    return (
      <LoadError
        message={errorMessage(saved.error, "Failed to load prices")}
        onRetry={saved.refetch}
        retrying={saved.isRefetching}
      />
    );
  }
  if (!draft || !saved.data) return <PageLoader />;

  const rates = draft[facility];
  const change = (patch: Partial<FacilityRates>) =>
    setDraft({ ...draft, [facility]: { ...rates, ...patch } });
  const unsaved = JSON.stringify(draft) !== JSON.stringify(saved.data.card);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (result) => {
        setDraft(result.card);
        notifySuccess("Prices saved");
      },
      onError: (err) => notifyError(errorMessage(err, "Failed to save prices")),
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={submit}>
      <SegmentedControl
        aria-label="Facility type"
        value={facility}
        onChange={(v) => setFacility(v as FacilityType)}
        data={FACILITIES}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            {FACILITIES.find((f) => f.value === facility)?.label}: prices per hour
          </Title>
          <BandsEditor
            label="Weekdays (Monday–Friday)"
            bands={rates.weekday}
            onChange={(weekday) => change({ weekday })}
          />
          <Divider />
          <BandsEditor
            label="Weekends (Saturday and Sunday)"
            bands={rates.weekend}
            onChange={(weekend) => change({ weekend })}
          />
          <Divider />
          <SpecialPricesEditor
            specials={rates.specials}
            template={rates.weekend}
            today={today}
            onChange={(specials) => change({ specials })}
          />
          <Divider />
          <DurationsEditor rates={rates} onChange={change} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <PricePreview
          date={date}
          onDateChange={setDate}
          preview={preview.data}
          loading={preview.isFetching}
        />
      </Paper>
      <Group>
        <Button type="submit" loading={save.isPending} disabled={!unsaved}>
          Save Prices
        </Button>
        <Button
          variant="default"
          disabled={!unsaved || save.isPending}
          onClick={() => setDraft(saved.data.card)}
        >
          Discard changes
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        New prices apply to bookings made after you save; bookings already made or waiting for payment keep
        their price.
      </Text>
    </Stack>
  );
}
