import { Anchor, Divider, Group, Stack, Text } from "@mantine/core";
import type { RegistrationReceipt } from "../../../contracts/events";
import { formatEventLongDate } from "../../../domain/events";
import { formatCents } from "../../../domain/money";
import { telHref } from "../../../domain/tel-link";
import { formatTimeRange } from "../../../domain/venue-time";

/** The receipt's lines: reference, event, when, who, what was paid, where. */
export function ReceiptDetails({ receipt }: { receipt: RegistrationReceipt }) {
  const { event, venue } = receipt;
  return (
    <Stack gap="sm">
      <Stack gap={6} component="dl" m={0}>
        <Line label="Reference" value={receipt.reference} mono testId="registration-reference" />
        <Line label="Event" value={event.name} />
        <Line
          label="When"
          value={`${formatEventLongDate(event.date)}, ${formatTimeRange(event.startTime, event.endTime)}`}
        />
        {receipt.players.length > 0 ? <Line label="Players" value={receipt.players.join(", ")} /> : null}
        {receipt.skillLevel ? <Line label="Skill level" value={receipt.skillLevel} /> : null}
        <Line
          label="Amount paid"
          value={receipt.paidCents > 0 ? formatCents(receipt.paidCents) : "Free"}
          strong
          testId="registration-paid"
        />
        {receipt.refundedCents > 0 ? (
          <Line label="Refunded" value={formatCents(receipt.refundedCents)} />
        ) : null}
      </Stack>
      <Divider />
      <Stack gap={4}>
        <Text size="sm">{venue.address}</Text>
        <Group gap="md">
          <Anchor href={venue.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Get directions
          </Anchor>
          <Anchor href={telHref(venue.phone)} size="sm">
            Call {venue.phone}
          </Anchor>
        </Group>
        <Text size="sm">{receipt.changeMessage}</Text>
      </Stack>
    </Stack>
  );
}

function Line({
  label,
  value,
  mono,
  strong,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        ta="right"
        fw={strong || mono ? 700 : 500}
        ff={mono ? "monospace" : undefined}
        data-testid={testId}
        style={{ overflowWrap: "anywhere" }}
      >
        {value}
      </Text>
    </Group>
  );
}
