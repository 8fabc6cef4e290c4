import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { MyMembership, MyMembershipResponse } from "../../../contracts/membership";
import { formatBillingDate } from "../../../domain/membership";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useCancelMyMembership } from "./api/cancel-my-membership";
import { MembershipSection } from "./MembershipSection";

/** Cancelling at period end, when the venue allows it; the server's message says why not otherwise. */
export function CancelMembershipSection({
  membership,
  selfCancel,
}: {
  membership: MyMembership;
  selfCancel: MyMembershipResponse["selfCancel"];
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyMembership();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        const endsOn = result.membership?.endsOn;
        notifySuccess(
          endsOn ? `Your membership will end on ${formatBillingDate(endsOn)}` : "Membership cancelled",
        );
      },
      onError: (err) => {
        setConfirming(false);
        notifyError(errorMessage(err, "Failed to cancel membership"));
      },
    });
  return (
    <MembershipSection id="cancel-title" title="Cancel membership">
      <Text size="sm" data-testid="self-cancel-message">
        {selfCancel.message}
      </Text>
      {selfCancel.allowed ? (
        <Button
          color="red"
          variant="outline"
          onClick={() => setConfirming(true)}
          style={{ alignSelf: "flex-start" }}
        >
          Cancel membership
        </Button>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your membership?"
        centered
      >
        <Stack gap="md">
          {membership.renewsOn ? (
            <Alert color="orange">
              Your membership stays active until {formatBillingDate(membership.renewsOn)}, with every benefit.
              Then it ends and you won't be charged again.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep membership
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirm}>
              Cancel membership
            </Button>
          </Group>
        </Stack>
      </Modal>
    </MembershipSection>
  );
}
