import { tz } from "@date-fns/tz";
import { Button, Group, Paper, Text } from "@mantine/core";
import { format } from "date-fns";
import type { PendingInvitation } from "../../../../contracts/staff";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff-roles";
import { VENUE_TIME_ZONE } from "../../../../domain/venue-time";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useRevokeInvitation } from "./api/revoke-invitation";

const atVenue = (iso: string) => format(new Date(iso), "MMM d, h:mm a", { in: tz(VENUE_TIME_ZONE) });

/** An invitation not yet taken up: who, which role, until when the link works; Withdraw. */
export function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
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
