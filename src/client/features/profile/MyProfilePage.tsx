import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/LoadError";
import { PageLoader, WithAdminSidebar } from "../../components/layout/AppLayout";
import { notifyError } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useProfile } from "./api/get-profile";
import { PasswordSection } from "./PasswordSection";
import { ProfileForm } from "./ProfileForm";
import { RemindersSection } from "./RemindersSection";

// SPEC §2 My Profile.
export default function MyProfilePage() {
  const { isAdmin } = useSession();
  const profile = useProfile();

  useEffect(() => {
    if (profile.isError) notifyError("Failed to load profile");
  }, [profile.isError]);

  return (
    <WithAdminSidebar enabled={isAdmin}>
      <Stack maw={640}>
        <Title order={1}>My Profile</Title>
        {profile.isPending && <PageLoader />}
        {profile.isError && (
          <LoadError
            message="Failed to load profile"
            onRetry={profile.refetch}
            retrying={profile.isFetching}
          />
        )}
        {profile.data && <ProfileForm user={profile.data.user} />}
        {profile.data?.user.isMember && <MembershipLink />}
        {profile.data && <RemindersSection />}
        {profile.data && <PasswordSection />}
      </Stack>
    </WithAdminSidebar>
  );
}

/** Issue 34 item 4: the member's membership has its own page. */
function MembershipLink() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="membership-title">
      <Group justify="space-between" gap="sm">
        <div>
          <Title order={2} size="h4" id="membership-title">
            Membership
          </Title>
          <Text size="sm" c="dimmed">
            Your plan, renewal date, card and invoices.
          </Text>
        </div>
        <Button component={Link} to="/my-membership" variant="light">
          View membership
        </Button>
      </Group>
    </Paper>
  );
}
