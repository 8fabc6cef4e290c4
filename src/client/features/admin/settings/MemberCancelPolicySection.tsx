import { Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { LoadError } from "../../../components/LoadError";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useVenue } from "../../../lib/venue";
import { useMemberCancelPolicy } from "./api/get-member-cancel-policy";
import { useUpdateMemberCancelPolicy } from "./api/update-member-cancel-policy";

/**
 * Issue 34 item 4: whether members may cancel their own membership online. Off by default, which
 * keeps the spec's staff cancellation with the manager password; on, a member confirms on their
 * membership page, the membership runs to the end of the paid period, and they are emailed.
 */
export function MemberCancelPolicySection() {
  const venue = useVenue();
  const policy = useMemberCancelPolicy();
  const save = useUpdateMemberCancelPolicy();
  if (policy.isError) {
    return (
      <LoadError
        message={errorMessage(policy.error, "Failed to load settings")}
        onRetry={policy.refetch}
        retrying={policy.isRefetching}
      />
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Membership cancellation
        </Title>
        <Text size="sm" c="dimmed">
          When off, members read "To cancel your membership, please call us at {venue.phone}." and staff
          cancel with the manager password. When on, members can cancel on their membership page; it stays
          active until the end of the period they paid for, and they get an email.
        </Text>
        <Switch
          label="Let members cancel their membership online"
          checked={policy.data?.enabled ?? false}
          disabled={!policy.data || save.isPending}
          onChange={(e) =>
            save.mutate(
              { enabled: e.currentTarget.checked },
              {
                onSuccess: () => notifySuccess("Settings saved"),
                onError: (err) => notifyError(errorMessage(err, "Failed to save settings")),
              },
            )
          }
        />
      </Stack>
    </Paper>
  );
}
