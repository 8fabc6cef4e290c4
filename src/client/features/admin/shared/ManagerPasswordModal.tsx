import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Runs the protected action; a 403 or 429 from it is shown inline, anything else goes to onError. */
  onConfirm: (managerPassword: string) => Promise<void>;
  onError: (err: unknown) => void;
  /** Extra words above the password (the cancellation notice). */
  notice?: ReactNode;
  /** The dialog's title and request; the event refund names the person refunded (SPEC §2 Refund). */
  title?: string;
  prompt?: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  /** Above another modal (the event detail) it must sit higher than that one. */
  zIndex?: number;
};

/**
 * SPEC §2: "Manager Authorization" — "Please enter the manager password to proceed." The one dialog
 * for every staff action that needs the manager password (refunds, freeze, unfreeze, cancel).
 */
export function ManagerPasswordModal({
  opened,
  onClose,
  onConfirm,
  onError,
  notice,
  title = "Manager Authorization",
  prompt = "Please enter the manager password to proceed.",
  confirmLabel = "Confirm",
  busyLabel,
  zIndex,
}: Props) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setPassword("");
      setError(null);
    }
  }, [opened]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setError("Please enter the manager password");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      onClose();
    } catch (err) {
      // SPEC §8 Admin: a 403 shows inline "Incorrect manager password or unauthorized".
      if (err instanceof ApiError && (err.status === 403 || err.status === 429)) {
        setError(err.status === 403 ? "Incorrect manager password or unauthorized" : err.message);
      } else {
        onClose();
        onError(err);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      centered
      {...(zIndex === undefined ? {} : { zIndex })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {notice}
          <Text size="sm">{prompt}</Text>
          <PasswordInput
            label="Manager password"
            autoComplete="off"
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={Boolean(error)}
          />
          {error && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              loading={busy && !busyLabel}
              disabled={busy && Boolean(busyLabel)}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
