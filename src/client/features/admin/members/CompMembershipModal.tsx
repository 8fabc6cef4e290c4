import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { MAX_COMP_MONTHS } from "../../../../contracts/membership-plans";
import { formatBillingDate } from "../../../../domain/membership";
import { ApiError, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCompMembership } from "./api/comp-membership";

/**
 * Issue 32 item 3: comp a membership — the account with this email is a member for N months
 * without payment (a comp still running is extended). The server checks and audits it.
 */
export function CompMembershipModal({
  opened,
  email: initialEmail,
  onClose,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
}) {
  const comp = useCompMembership();
  const [email, setEmail] = useState(initialEmail);
  const [months, setMonths] = useState<number | string>(1);
  const [error, setError] = useState<{ field: "email" | "months"; message: string } | null>(null);
  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setMonths(1);
      setError(null);
    }
  }, [opened, initialEmail]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    comp.mutate(
      { email, months: typeof months === "number" ? months : Number(months) },
      {
        onSuccess: ({ member }) => {
          notifySuccess(`${member.email} is a member until ${formatBillingDate(member.compEndsOn)}`);
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, "Failed to comp the membership");
          const field = err instanceof ApiError && err.field === "months" ? "months" : "email";
          setError({ field, message });
          notifyError(message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Comp a Membership" centered>
      <Stack component="form" onSubmit={submit} gap="md">
        <Text size="sm">
          Someone without a running subscription is a member without payment until the end date. A paying
          member's next months are free, and billing resumes at the end date. A comp still running is
          extended.
        </Text>
        <TextInput
          label="Email of the account"
          type="email"
          required
          data-autofocus
          value={email}
          error={error?.field === "email" ? error.message : undefined}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setError(null);
          }}
        />
        <NumberInput
          label="Months"
          description={`1 to ${MAX_COMP_MONTHS}`}
          min={1}
          max={MAX_COMP_MONTHS}
          allowDecimal={false}
          required
          value={months}
          error={error?.field === "months" ? error.message : undefined}
          onChange={(v) => {
            setMonths(v);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={comp.isPending}>
            Comp Membership
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
