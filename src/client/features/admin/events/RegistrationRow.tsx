import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconCircleCheck, IconReceiptRefund, IconTrash } from "@tabler/icons-react";
import type { AdminRegistration } from "../../../../contracts/events";
import { registrationBadge } from "../../../../domain/events";
import { formatPhoneForDisplay } from "../../../../domain/phone";
import { formatTime12, venueNowTime } from "../../../../domain/venue-time";
import { useSession } from "../../../lib/session";

const BADGE_COLORS = { Confirmed: "green", Cancelled: "red", Pending: "yellow" } as const;

/** SPEC §2 Event detail modal, one registration: contact, badges, Players:, Skill Level:, actions. */
export function RegistrationRow({
  registration: r,
  onRefund,
  onDelete,
  onCheckIn,
  eventIsToday,
  checkingIn,
}: {
  registration: AdminRegistration;
  onRefund: (r: AdminRegistration) => void;
  onDelete: (r: AdminRegistration) => void;
  /** Issue 33 item 2: check the registration in, offered on the event's day only. */
  onCheckIn: (r: AdminRegistration) => void;
  eventIsToday: boolean;
  checkingIn: boolean;
}) {
  const badge = registrationBadge(r.status, r.paymentStatus);
  // Issue 33: refunds are a manager's (the server refuses the front desk too).
  const canRefund =
    useSession().staffCan("manager") && r.paymentId !== null && !r.isRefunded && r.status === "confirmed";
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      component="li"
      aria-label={r.customerName}
      style={{ listStyle: "none" }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600}>{r.customerName}</Text>
            <Badge size="sm" color={BADGE_COLORS[badge]}>
              {badge}
            </Badge>
            {r.isMember && (
              <Badge size="sm" variant="outline" color="blue">
                Member
              </Badge>
            )}
            {r.isRefunded && (
              <Badge size="sm" variant="light" color="gray">
                Refunded
              </Badge>
            )}
            {r.checkedInAt && (
              <Badge
                size="sm"
                variant="light"
                color="teal"
                tt="none"
                leftSection={<IconCircleCheck size={12} aria-hidden />}
              >
                Checked in {formatTime12(venueNowTime(new Date(r.checkedInAt)))}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {r.customerEmail}
            {r.customerPhone ? ` · ${formatPhoneForDisplay(r.customerPhone)}` : ""}
          </Text>
          {r.playerNames.length > 0 && (
            <Text size="sm">
              <Text span fw={600}>
                Players:
              </Text>{" "}
              {r.playerNames.join(", ")}
            </Text>
          )}
          {r.skillLevel && (
            <Text size="sm">
              <Text span fw={600}>
                Skill Level:
              </Text>{" "}
              {r.skillLevel}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {eventIsToday && r.status === "confirmed" && !r.checkedInAt && (
            <Button
              size="xs"
              color="teal"
              aria-label={`Check in ${r.customerName}`}
              loading={checkingIn}
              onClick={() => onCheckIn(r)}
            >
              Check in
            </Button>
          )}
          {canRefund && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconReceiptRefund size={14} aria-hidden />}
              onClick={() => onRefund(r)}
            >
              Refund
            </Button>
          )}
          <Tooltip label="Delete registration">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete registration of ${r.customerName}`}
              onClick={() => onDelete(r)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
