import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { STAFF_INVITATION_HOURS, type StaffRole } from "../../../../domain/staff-roles";
import { errorField, errorMessage } from "../../../lib/api";
import { notifySuccess } from "../../../lib/notify";
import { useInviteStaff } from "./api/invite-staff";
import { ROLE_OPTIONS } from "./role-options";

const ROLE_HELP: Record<StaffRole, string> = {
  front_desk: "Dashboard, bookings, moves, statuses, check-in, registrations, members",
  manager: "Also coupons, events, settings, prices, refunds, freeze and cancel memberships",
  owner: "Also staff: invite, change roles, remove",
};

/** Invite a person by email with a role; the server's error goes beside the field it is about. */
export function InviteForm() {
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
