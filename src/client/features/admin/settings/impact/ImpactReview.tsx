import { Badge, Group, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import type { ClosureAction, ClosureImpact } from "../../../../../contracts/venue";
import { formatVenueDateShort } from "../../../../../domain/booking-form";
import { formatCents } from "../../../../../domain/money";

const STATE: Record<ClosureImpact["bookings"][number]["state"], { label: string; color: string }> = {
  paid: { label: "Paid online", color: "teal" },
  desk: { label: "Paid at desk", color: "blue" },
  unpaid: { label: "Pay at desk", color: "gray" },
  hold: { label: "Payment hold", color: "orange" },
};

export const ACTION_LABELS: Record<ClosureAction, string> = {
  keep: "Keep them: the players still come at their times",
  move: "Move each to a free court or bay of the same type at the same time",
  cancel: "Cancel them with a full refund and an email to each customer saying why",
};

/**
 * Issue 31 items 3 and 1: before a closure (or a deactivation) is saved, every booking, hold and
 * event it takes time from, with the customers, and the choice of what happens to the bookings.
 * Events are always kept: staff edit or cancel them under Events.
 */
export function ImpactReview({
  impact,
  action,
  onAction,
  actions,
}: {
  impact: ClosureImpact;
  action: ClosureAction;
  onAction: (action: ClosureAction) => void;
  actions: ClosureAction[];
}) {
  const { bookings, events } = impact;
  return (
    <Stack gap="sm" data-testid="closure-impact">
      <Title order={4} size="h5">
        {bookings.length === 0 && events.length === 0
          ? "No bookings, holds or events in this time"
          : `In this time: ${bookings.length} booking${bookings.length === 1 ? "" : "s"} or hold${bookings.length === 1 ? "" : "s"}, ${events.length} event${events.length === 1 ? "" : "s"}`}
      </Title>
      {bookings.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {bookings.map((b) => (
            <Paper key={b.id} withBorder p="xs" radius="sm" component="li" data-testid="impact-booking">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={700} size="sm">
                    {b.customerName}
                  </Text>
                  {b.customerEmail && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {b.customerEmail}
                    </Text>
                  )}
                </Stack>
                <Text size="sm">
                  {formatVenueDateShort(b.date)} · {b.displayTime} · {b.facilityName}
                </Text>
                <Group gap={6}>
                  <Text size="sm">{formatCents(b.priceCents)}</Text>
                  <Badge color={STATE[b.state].color} variant="light">
                    {STATE[b.state].label}
                  </Badge>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {events.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            Events are kept on their courts: edit or cancel them under Events if they cannot go ahead.
          </Text>
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
            {events.map((e) => (
              <Text key={e.id} size="sm" component="li" data-testid="impact-event">
                {e.name} · {formatVenueDateShort(e.date)} · {e.displayTime}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {bookings.length > 0 && (
        <Radio.Group
          label="What happens to these bookings"
          value={action}
          onChange={(v) => onAction(v as ClosureAction)}
        >
          <Stack gap={6} mt={6}>
            {actions.map((a) => (
              <Radio key={a} value={a} label={ACTION_LABELS[a]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
