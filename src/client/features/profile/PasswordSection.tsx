import { Button, Divider, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { checkNewPassword } from "../../../domain/password";
import { FormError } from "../../components/FormError";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { notifySuccess } from "../../lib/notify";
import { useFormError } from "../../lib/use-form-error";
import { useChangePassword } from "./api/change-password";

/** SPEC §2 My Profile: the Password section, whose "Change Password" shows the form. */
export function PasswordSection() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const { error, setError, fail } = useFormError();
  const change = useChangePassword();

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
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          setOpen(false);
          setCurrentPassword("");
          setNewPassword("");
          setConfirmPassword("");
          setError(null);
          notifySuccess("Password updated successfully");
        },
        onError: (err) => fail(err, "Failed to update password"),
      },
    );
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
            <FormError error={error} />
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
