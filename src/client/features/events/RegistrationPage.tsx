import { Alert, Box, Stack, Text, Title } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { useSession } from "../../lib/session";
import { RegistrationReceipt } from "./RegistrationReceipt";

/**
 * Issue 34: the page the confirmation email's "Manage registration" link opens
 * (/registrations/{id}?token=…; no sign-in needed, the link is the key): the receipt, Add to
 * calendar and how to change the registration.
 */
export default function RegistrationPage() {
  const { registrationId = "" } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();
  return (
    <Box maw={560} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          Event registration
        </Title>
        <RegistrationReceipt
          registrationId={registrationId}
          token={params.get("token")}
          context="link"
          signedIn={user !== null}
          notFound={
            <Alert color="red" title="This link does not work">
              <Text size="sm">
                This registration link is not valid or has expired. Please check your confirmation email or
                call us.
              </Text>
            </Alert>
          }
        />
      </Stack>
    </Box>
  );
}
