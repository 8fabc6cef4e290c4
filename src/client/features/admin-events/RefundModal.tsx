import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { AdminRegistration } from "../../../contracts/events";
import { ApiError } from "../../lib/api";

export const WRONG_MANAGER_PASSWORD = "Incorrect manager password or unauthorized";

/** SPEC §2 Refund asks for the manager password; a 403 is shown inline (SPEC §8 Admin). */
export function RefundModal({
  registration,
  busy,
  onClose,
  onConfirm,
}: {
  registration: AdminRegistration | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword("");
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await onConfirm(password);
      setPassword("");
    } catch (err) {
      if (err instanceof ApiError && (err.status === 403 || err.status === 429))
        setError(err.message || WRONG_MANAGER_PASSWORD);
    }
  };
  return (
    <Modal
      opened={registration !== null}
      onClose={close}
      title="Manager Password Required"
      centered
      zIndex={310}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            Enter the manager password to confirm refund for {registration?.customerName}.
          </Text>
          <PasswordInput
            label="Manager password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {error && (
            <Alert color="red" p="xs" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={password === ""}>
              Confirm Refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
