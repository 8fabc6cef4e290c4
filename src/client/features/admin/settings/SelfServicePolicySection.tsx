import { Button, NumberInput, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { SelfServicePolicyDto } from "../../../../contracts/manage";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useVenue } from "../../../lib/venue";
import { useSelfServicePolicy } from "./api/get-self-service-policy";
import { useUpdateSelfServicePolicy } from "./api/update-self-service-policy";

/**
 * Issue 14 item 3: the venue's self-service cancellation policy. Off by default, which keeps the
 * spec's "please call us"; on, customers cancel from their manage link until the set number of
 * hours before the start, and get the set share of their payment back.
 */
export function SelfServicePolicySection() {
  const venue = useVenue();
  const policy = useSelfServicePolicy();
  const save = useUpdateSelfServicePolicy();
  const [draft, setDraft] = useState<SelfServicePolicyDto | null>(null);
  useEffect(() => {
    if (policy.data && !draft) setDraft(policy.data);
  }, [policy.data, draft]);

  if (policy.isError) {
    return (
      <LoadError
        message={errorMessage(policy.error, "Failed to load settings")}
        onRetry={policy.refetch}
        retrying={policy.isRefetching}
      />
    );
  }
  if (!draft) return <PageLoader />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => notifySuccess("Settings saved"),
      onError: (err) => notifyError(errorMessage(err, "Failed to save settings")),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Self-service cancellation
        </Title>
        <Text size="sm" c="dimmed">
          When off, customers read "To cancel or reschedule, please call us at {venue.phone}." When on, they
          can cancel from the link in their confirmation email until the deadline below; the refund goes back
          to their card automatically.
        </Text>
        <Switch
          label="Let customers cancel online"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
        />
        <NumberInput
          label="Hours before the start"
          description="Online cancellation closes this many hours before the booking starts (0–720)."
          min={0}
          max={720}
          allowDecimal={false}
          disabled={!draft.enabled}
          value={draft.hoursBefore}
          onChange={(v) => setDraft({ ...draft, hoursBefore: typeof v === "number" ? v : Number(v) })}
        />
        <NumberInput
          label="Refund percentage"
          description="The share of the payment a customer gets back (0–100)."
          min={0}
          max={100}
          allowDecimal={false}
          suffix="%"
          disabled={!draft.enabled}
          value={draft.refundPercent}
          onChange={(v) => setDraft({ ...draft, refundPercent: typeof v === "number" ? v : Number(v) })}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: "flex-start" }}>
          Save Settings
        </Button>
      </Stack>
    </Paper>
  );
}
