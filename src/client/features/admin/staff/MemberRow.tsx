import { Badge, Button, Group, NativeSelect, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { StaffMember } from "../../../../contracts/staff";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../../../domain/staff-roles";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useChangeStaffRole } from "./api/change-staff-role";
import { useRemoveStaff } from "./api/remove-staff";
import { ROLE_OPTIONS } from "./role-options";

const fullName = (m: StaffMember) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** One person of the staff: their role, changed in place, and Remove (after a confirmation). */
export function MemberRow({ member }: { member: StaffMember }) {
  const change = useChangeStaffRole();
  const remove = useRemoveStaff();
  const name = fullName(member);

  const changeRole = (role: StaffRole) =>
    change.mutate(
      { id: member.id, role },
      {
        onSuccess: () => notifySuccess(`${name} is now ${STAFF_ROLE_LABELS[role]}`),
        onError: (err) => notifyError(errorMessage(err, "Failed to change the role")),
      },
    );

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: "Remove from staff",
      centered: true,
      children: (
        <Text size="sm">
          {name} will be signed out at once and can no longer open the admin. Their account, bookings and
          membership stay.
        </Text>
      ),
      labels: { confirm: "Remove", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(member.id, {
          onSuccess: () => notifySuccess(`${name} was removed from the staff`),
          onError: (err) => notifyError(errorMessage(err, "Failed to remove")),
        }),
    });

  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="staff-row">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 200px" }}>
          <Group gap={6}>
            <Text fw={600}>{name}</Text>
            {member.isYou && (
              <Badge size="sm" variant="light">
                You
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {member.email}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            aria-label={`Role of ${name}`}
            data={ROLE_OPTIONS}
            value={member.role}
            disabled={change.isPending}
            onChange={(e) => changeRole(e.currentTarget.value as StaffRole)}
          />
          <Button
            variant="light"
            color="red"
            onClick={confirmRemove}
            loading={remove.isPending}
            aria-label={`Remove ${name} from the staff`}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
