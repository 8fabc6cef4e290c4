import { PasswordInput } from "@mantine/core";

/**
 * A new password typed twice (reset, staff invitation, profile), marked `new-password` so the
 * browser offers to generate and save one; domain/password.ts `checkNewPassword` checks the pair.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  labels,
  description,
  required,
}: {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  labels: { password: string; confirm: string };
  description: string;
  required?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={description}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPasswordChange(e.currentTarget.value)}
        required={required}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.currentTarget.value)}
        required={required}
      />
    </>
  );
}
