import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useConfirmPhoneCode } from "./api/confirm-phone-code";

/**
 * The second step of "Notify me" when texts were asked for on a phone not yet proven (issue 30
 * item 2): the code we texted proves the phone is the player's; skipping keeps the email alert.
 */
export default function PhoneCodeStep({
  phone,
  email,
  state,
  onDone,
  what = "a text too",
  skipLabel = "Email only",
}: {
  phone: string;
  email: string | undefined;
  state: "sent" | "wait" | "opted_out";
  onDone: (proven: boolean) => void;
  /** What the code gets the player ("Enter it to get …"). */
  what?: string;
  skipLabel?: string;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPhoneCode();
  if (state === "opted_out") {
    return (
      <Stack>
        <Text>
          This phone asked us to stop texting it (STOP), so we'll only email you. Reply START to one of our
          texts to allow them again.
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => onDone(false)}>OK</Button>
        </Group>
      </Stack>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(
      { phone, email, code: code.trim() },
      {
        onSuccess: () => onDone(true),
        onError: (err) => setError(errorMessage(err, "Could not check the code")),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Text>
          {state === "sent"
            ? `We texted a 6-digit code to ${phone}. Enter it to get ${what}.`
            : `We texted a code to ${phone} a short while ago. Enter it to get ${what}.`}
        </Text>
        <TextInput
          label="Code from the text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            {skipLabel}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            Confirm phone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
