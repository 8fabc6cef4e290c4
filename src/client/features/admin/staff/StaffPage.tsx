import { tz } from "@date-fns/tz";
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import type { PendingInvitation, StaffMember } from "../../../../contracts/staff";
import {
  STAFF_INVITATION_HOURS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from "../../../../domain/staff-roles";
import { VENUE_TIME_ZONE } from "../../../../domain/venue-time";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { errorField, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { AdminScreen } from "../shared/AdminScreen";
import { useChangeStaffRole } from "./api/change-staff-role";
import { useStaff } from "./api/get-staff";
import { useInviteStaff } from "./api/invite-staff";
import { useRemoveStaff } from "./api/remove-staff";
import { useRevokeInvitation } from "./api/revoke-invitation";

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const ROLE_HELP: Record<StaffRole, string> = {
  front_desk: "Dashboard, bookings, moves, statuses, check-in, registrations, members",
  manager: "Also coupons, events, settings, prices, refunds, freeze and cancel memberships",
  owner: "Also staff: invite, change roles, remove",
};
const atVenue = (iso: string) => format(new Date(iso), "MMM d, h:mm a", { in: tz(VENUE_TIME_ZONE) });
const fullName = (m: StaffMember) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Issue 33: the owner's staff page (/admin/staff): invite, change a role, remove. */
export default function StaffPage() {
  const staff = useStaff();
  return (
    <AdminScreen>
      <Stack gap="lg">
        <Title order={1} size="h2">
          Staff
        </Title>
        <InviteForm />
        {staff.isPending && <PageLoader />}
        {staff.isError && (
          <LoadError message="Failed to load the staff" onRetry={staff.refetch} retrying={staff.isFetching} />
        )}
        {staff.data && (
          <>
            <section aria-labelledby="staff-members">
              <Title order={2} size="h4" id="staff-members" mb="xs">
                People ({staff.data.staff.length})
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {staff.data.staff.map((member) => (
                  <MemberRow key={member.id} member={member} />
                ))}
              </Stack>
            </section>
            <section aria-labelledby="staff-invitations">
              <Title order={2} size="h4" id="staff-invitations" mb="xs">
                Waiting invitations
              </Title>
              {staff.data.invitations.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No invitations are waiting.
                </Text>
              ) : (
                <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                  {staff.data.invitations.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </Stack>
              )}
            </section>
          </>
        )}
      </Stack>
    </AdminScreen>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("front_desk");
  const [error, setError] = useState<{ field: "email" | "role" | null; message: string } | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: ({ invitation }) => {
          notifySuccess(`Invitation sent to ${invitation.email}`);
          setEmail("");
        },
        onError: (err) =>
          setError({
            field: errorField(err, ["email", "role"] as const),
            message: errorMessage(err, "Failed to send the invitation"),
          }),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invite-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-title">
            Invite a person
          </Title>
          <Text size="sm" c="dimmed">
            They get an email with a link to set their password; it works for {STAFF_INVITATION_HOURS} hours.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error && error.field !== "role" ? error.message : undefined}
              required
              style={{ flex: "1 1 220px" }}
            />
            <NativeSelect
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
              description={ROLE_HELP[role]}
              error={error?.field === "role" ? error.message : undefined}
              style={{ flex: "1 1 200px" }}
            />
          </Group>
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
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

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const revoke = useRevokeInvitation();
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="invitation-row">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 200px" }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {invitation.email}
          </Text>
          <Text size="sm" c="dimmed">
            {STAFF_ROLE_LABELS[invitation.role]} · link works until {atVenue(invitation.expiresAt)}
            {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ""}
          </Text>
        </div>
        <Button
          variant="default"
          loading={revoke.isPending}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => notifySuccess("Invitation withdrawn"),
              onError: (err) => notifyError(errorMessage(err, "Failed to withdraw the invitation")),
            })
          }
        >
          Withdraw
        </Button>
      </Group>
    </Paper>
  );
}
