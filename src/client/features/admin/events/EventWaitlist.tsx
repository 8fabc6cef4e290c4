import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminWaitlistEntry } from "../../../../contracts/waitlist";
import { formatOfferEnd } from "../../../../domain/waitlist";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useEventWaitlist } from "./api/get-event-waitlist";
import { useOfferWaitlistPlace } from "./api/offer-waitlist-place";
import { useSaveWaitlistSettings } from "./api/save-waitlist-settings";

const STATE_LABELS: Record<AdminWaitlistEntry["status"], { label: string; color: string }> = {
  waiting: { label: "Waiting", color: "blue" },
  offered: { label: "Offered", color: "teal" },
  accepted: { label: "Accepted", color: "green" },
  declined: { label: "Declined", color: "gray" },
  lapsed: { label: "Lapsed", color: "orange" },
  left: { label: "Left", color: "gray" },
  closed: { label: "Closed", color: "gray" },
};

const CAN_OFFER = new Set<AdminWaitlistEntry["status"]>(["waiting", "lapsed", "declined"]);

/** Issue 15 §1: the event's waitlist for staff, with position and offer state, and offers by hand. */
export function EventWaitlist({ eventId }: { eventId: string }) {
  const query = useEventWaitlist(eventId);
  const offer = useOfferWaitlistPlace(eventId);
  if (query.isPending) return <Text size="sm">Loading waitlist…</Text>;
  if (query.isError) return <Alert color="red">Failed to load the waitlist</Alert>;
  const { entries, offerMinutes } = query.data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Waitlist ({entries.filter((e) => e.status === "waiting" || e.status === "offered").length})
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody is waiting
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label="Waitlist" style={{ listStyle: "none" }}>
          {entries.map((e) => (
            <Group key={e.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {e.position !== null ? `${e.position}. ` : ""}
                  {e.customerName}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {e.customerEmail}
                  {e.status === "offered" && e.offerExpiresAt
                    ? ` · held until ${formatOfferEnd(new Date(e.offerExpiresAt))}${e.offeredByStaff ? " (by staff)" : ""}`
                    : ""}
                </Text>
              </Stack>
              <Group gap="xs">
                <Badge color={STATE_LABELS[e.status].color} variant="light">
                  {STATE_LABELS[e.status].label}
                </Badge>
                {CAN_OFFER.has(e.status) && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={offer.isPending && offer.variables === e.id}
                    aria-label={`Offer a place to ${e.customerName}`}
                    onClick={() =>
                      offer.mutate(e.id, {
                        onSuccess: () => notifySuccess(`Place offered to ${e.customerName}`),
                        onError: (err) => notifyError(errorMessage(err, "Failed to offer the place")),
                      })
                    }
                  >
                    Offer Place
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <OfferTime minutes={offerMinutes} />
    </Stack>
  );
}

function OfferTime({ minutes }: { minutes: number }) {
  const save = useSaveWaitlistSettings();
  const [hours, setHours] = useState<string | number>(minutes / 60);
  useEffect(() => setHours(minutes / 60), [minutes]);
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Offers hold a place for (hours, all events)"
        min={0.25}
        max={168}
        step={0.25}
        decimalScale={2}
        value={hours}
        onChange={setHours}
        w={260}
      />
      <Button
        variant="default"
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { offerMinutes: Math.round(Number(hours) * 60) },
            {
              onSuccess: () => notifySuccess("Offer time saved"),
              onError: (err) => notifyError(errorMessage(err, "Failed to save the offer time")),
            },
          )
        }
      >
        Save
      </Button>
    </Group>
  );
}
