import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type ChangeEvent, type FormEvent, useState } from "react";
import type { CurrentUser } from "../../../contracts/auth";
import { displayPhoneOr } from "../../../domain/phone";
import { FormError } from "../../components/FormError";
import { notifySuccess } from "../../lib/notify";
import { useFormError } from "../../lib/use-form-error";
import { useUpdateProfile } from "./api/update-profile";

/** The form's fields as the person sees them: the phone as people write it (issue 34). */
const fieldsOf = (user: CurrentUser) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: displayPhoneOr(user.phone, ""),
});

/** SPEC §2 My Profile: first name, last name and phone; the email is read-only. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const save = useUpdateProfile();
  const [form, setForm] = useState(() => fieldsOf(user));
  const { error, setError, fail } = useFormError();
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { firstName: form.firstName.trim(), lastName: form.lastName.trim(), phone: form.phone.trim() || null },
      {
        onSuccess: (data) => {
          setForm(fieldsOf(data.user));
          setError(null);
          notifySuccess("Profile updated successfully");
        },
        onError: (err) => fail(err, "Failed to update profile"),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" {...field("firstName")} required />
            <TextInput label="Last name" autoComplete="family-name" {...field("lastName")} required />
          </SimpleGrid>
          <TextInput label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
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
