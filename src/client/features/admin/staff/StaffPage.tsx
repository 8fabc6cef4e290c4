import { Stack, Text, Title } from "@mantine/core";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { AdminScreen } from "../shared/AdminScreen";
import { useStaff } from "./api/get-staff";
import { InvitationRow } from "./InvitationRow";
import { InviteForm } from "./InviteForm";
import { MemberRow } from "./MemberRow";

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
