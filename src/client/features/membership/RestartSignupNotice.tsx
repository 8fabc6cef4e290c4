import { Alert, Button, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../lib/api";
import { useRestartSignup } from "./api/restart-signup";

/**
 * /signup?restart=… (issue 30 item 10): the link emailed to an address whose signup waits for
 * payment. Asking first, so a mail scanner that opens the link cancels nothing.
 */
export function RestartSignupNotice() {
  const [params, setParams] = useSearchParams();
  const token = params.get("restart");
  const restart = useRestartSignup();
  if (restart.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status" mb="md" title="Signup cancelled">
        The signup waiting for payment for {restart.data.email} is cancelled. You can sign up now.
      </Alert>
    );
  }
  if (!token) return null;
  return (
    <Alert color="blue" variant="light" mb="md" title="Start your signup again">
      <Stack gap="sm">
        <Text size="sm">
          A membership signup for your email is waiting for payment. Cancel it to sign up now; if you did not
          start it, nothing was charged to you.
        </Text>
        {restart.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(restart.error, "The signup could not be cancelled. Please try again.")}
          </Text>
        )}
        <Button
          w={{ base: "100%", xs: "auto" }}
          loading={restart.isPending}
          onClick={() =>
            restart.mutate(
              { token },
              {
                onSettled: () => {
                  const next = new URLSearchParams(params);
                  next.delete("restart");
                  setParams(next, { replace: true });
                },
              },
            )
          }
        >
          Cancel it and start again
        </Button>
      </Stack>
    </Alert>
  );
}
