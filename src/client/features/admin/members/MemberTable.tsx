import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "react-router";
import type { ActiveMember } from "../../../../contracts/admin-members";
import { displayPhoneOr } from "../../../../domain/phone";
import { useSession } from "../../../lib/session";
import { formatDateMedium } from "../shared/format";

type Props = {
  members: ActiveMember[];
  busy: { id: string; label: string } | null;
  onFreeze: (m: ActiveMember) => void;
  onCancel: (m: ActiveMember) => void;
  onComp: (m: ActiveMember) => void;
};

/**
 * SPEC §2 Active Members table: Name, Email, Phone ("-"), Status, Actions; issue 33's No-shows (the
 * member's bookings marked a no-show); cards on a phone.
 */
export function MemberTable({ members, busy, onFreeze, onCancel, onComp }: Props) {
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  if (narrow) {
    return (
      <Stack gap="sm">
        {members.map((m) => (
          <Paper key={m.id} withBorder p="sm" radius="md" data-testid="member-row">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={700}>{fullName(m) || "-"}</Text>
                <MemberStatus member={m} />
              </Group>
              <Text size="sm" style={{ wordBreak: "break-all" }}>
                {m.email}
              </Text>
              <Text size="sm" c="dimmed">
                {displayPhoneOr(m.phone, "-")}
              </Text>
              <Text size="sm">No-shows: {m.noShows}</Text>
              <MemberActions member={m} busy={busy} onFreeze={onFreeze} onCancel={onCancel} onComp={onComp} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>No-shows</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.id} data-testid="member-row">
              <Table.Td fw={600}>{fullName(m) || "-"}</Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>{displayPhoneOr(m.phone, "-")}</Table.Td>
              <Table.Td>
                <MemberStatus member={m} />
              </Table.Td>
              <Table.Td>{m.noShows}</Table.Td>
              <Table.Td>
                <MemberActions
                  member={m}
                  busy={busy}
                  onFreeze={onFreeze}
                  onCancel={onCancel}
                  onComp={onComp}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const fullName = (m: ActiveMember) => `${m.firstName} ${m.lastName}`.trim();

function MemberStatus({ member: m }: { member: ActiveMember }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={m.isFrozen ? "blue" : "teal"} variant="light">
        {m.isFrozen ? "Frozen" : "Active"}
      </Badge>
      {m.cancelAt && (
        <Text size="xs" c="orange.8" fw={600}>
          Canceling on {formatDateMedium(m.cancelAt)}
        </Text>
      )}
      {m.compEndsOn && (
        <Text size="xs" c="teal.9" fw={600} data-testid="member-comp">
          Comped until {formatDateMedium(m.compEndsOn)}
        </Text>
      )}
    </Stack>
  );
}

function MemberActions({
  member: m,
  busy,
  onFreeze,
  onCancel,
  onComp,
}: Omit<Props, "members"> & { member: ActiveMember }) {
  const name = fullName(m) || m.email;
  const busyHere = busy?.id === m.id ? busy.label : null;
  // Issue 33: the front desk books for members; freezing and cancelling are a manager's.
  const manages = useSession().staffCan("manager");
  return (
    <Group gap={6}>
      <Button size="xs" variant="light" component={Link} to={`/book?member=${encodeURIComponent(m.id)}`}>
        Book Court
      </Button>
      {manages && (
        <ManagerActions
          member={m}
          name={name}
          busyHere={busyHere}
          onFreeze={onFreeze}
          onCancel={onCancel}
          onComp={onComp}
        />
      )}
    </Group>
  );
}

function ManagerActions({
  member: m,
  name,
  busyHere,
  onFreeze,
  onCancel,
  onComp,
}: Pick<Props, "onFreeze" | "onCancel" | "onComp"> & {
  member: ActiveMember;
  name: string;
  busyHere: string | null;
}) {
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="teal"
        disabled={busyHere !== null || m.cancelAt !== null}
        onClick={() => onComp(m)}
        aria-label={`Comp free months for ${name}`}
      >
        Comp Months
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={busyHere !== null}
        onClick={() => onFreeze(m)}
        aria-label={`${m.isFrozen ? "Unfreeze" : "Freeze"} account of ${name}`}
      >
        {busyHere === "Updating..." ? busyHere : m.isFrozen ? "Unfreeze Account" : "Freeze Account"}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={busyHere !== null || m.cancelAt !== null || m.compEndsOn !== null}
        onClick={() => onCancel(m)}
        aria-label={`Cancel membership of ${name}`}
      >
        {busyHere === "Loading..." || busyHere === "Cancelling..." ? busyHere : "Cancel Membership"}
      </Button>
    </>
  );
}
