import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ChangePasswordRequest, CurrentUser, UpdateProfileRequest } from "../../../contracts/auth";
import { checkNewPassword } from "../../../domain/password";
import { displayPhoneOr } from "../../../domain/phone";
import { LoadError } from "../../components/LoadError";
import { PageLoader, WithAdminSidebar } from "../../components/layout/AppLayout";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { api, errorMessage } from "../../lib/api";
import { emitAuthEvent } from "../../lib/auth-events";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SESSION_KEY, useSession } from "../../lib/session";
import { RemindersSection } from "./RemindersSection";

// SPEC §2 My Profile.
export default function MyProfilePage() {
  const { isAdmin } = useSession();
  const profile = useQuery({
    queryKey: ["profile"],
    queryFn: () => api<{ user: CurrentUser }>("/me/profile"),
  });

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

function ProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: displayPhoneOr(user.phone, ""),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      api<{ user: CurrentUser }>("/me/profile", { method: "PATCH", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(["profile"], data);
      queryClient.setQueryData(SESSION_KEY, { user: data.user });
      setForm({
        firstName: data.user.firstName,
        lastName: data.user.lastName,
        phone: displayPhoneOr(data.user.phone, ""),
      });
      emitAuthEvent("USER_UPDATED");
      setError(null);
      notifySuccess("Profile updated successfully");
    },
    onError: (err) => {
      const message = errorMessage(err, "Failed to update profile");
      setError(message);
      notifyError(message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      phone: form.phone.trim() || null,
    });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              value={form.firstName}
              onChange={(e) => setForm({ ...form, firstName: e.currentTarget.value })}
              required
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={form.lastName}
              onChange={(e) => setForm({ ...form, lastName: e.currentTarget.value })}
              required
            />
          </SimpleGrid>
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
          />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            description="Contact support to change your email address"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordSection() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => api("/me/password", { body }),
    onSuccess: () => {
      setOpen(false);
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
      setError(null);
      notifySuccess("Password updated successfully");
    },
    onError: (err) => {
      const message = errorMessage(err, "Failed to update password");
      setError(message);
      notifyError(message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      currentPassword === ""
        ? "Please enter your current password"
        : checkNewPassword(newPassword, confirmPassword, "New passwords do not match");
    if (problem) {
      setError(problem);
      return;
    }
    change.mutate({ currentPassword, newPassword, confirmPassword });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4">
        Password
      </Title>
      <Divider my="sm" />
      {!open ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Changing your password signs you out on your other devices.
          </Text>
          <Button variant="light" onClick={() => setOpen(true)}>
            Change Password
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            {/* Not in SPEC §2's form: asked for so a stolen session cannot change it (decision 015). */}
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            />
            <NewPasswordFields
              password={newPassword}
              confirm={confirmPassword}
              onPasswordChange={setNewPassword}
              onConfirmChange={setConfirmPassword}
              labels={{ password: "New password", confirm: "Confirm new password" }}
              description="6 to 128 characters"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Update Password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
