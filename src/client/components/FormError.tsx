import { Alert } from "@mantine/core";

/** A form's error above its fields, read out as it appears (the text from `useFormError`). */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}
