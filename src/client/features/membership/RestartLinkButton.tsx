import { Button, Text } from "@mantine/core";
import { errorMessage } from "../../lib/api";
import { useSendRestartLink } from "./api/send-restart-link";

/**
 * Under "A membership signup for this email is already waiting for payment" (issue 30 item 10): the
 * waiting signup may be someone else's, so its email's owner can have a link sent that cancels it.
 */
export function RestartLinkButton({ email }: { email: string }) {
  const send = useSendRestartLink();
  if (send.isSuccess) {
    return (
      <Text size="sm" mt="xs" role="status">
        {send.data.message}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" mt="xs">
        Not you, or want to start again?
      </Text>
      {send.isError && (
        <Text size="sm" c="red.8">
          {errorMessage(send.error, "The link could not be sent. Please try again.")}
        </Text>
      )}
      <Button
        size="xs"
        variant="white"
        mt={6}
        loading={send.isPending}
        onClick={() => send.mutate({ email: email.trim() })}
      >
        Email me a link to cancel it
      </Button>
    </>
  );
}
