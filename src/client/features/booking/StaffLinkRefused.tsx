import { Alert, Button, Container, Group } from "@mantine/core";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { loginPathFor } from "../../lib/redirect-target";
import { useSession } from "../../lib/session";
import { useSignOut } from "../../lib/use-sign-out";

/**
 * A staff link (/book?member=…) opened by someone who is not staff. Signed out: the login, with the
 * way back to this link. Signed in without staff rights: what the link is, and two ways on.
 */
export function StaffLinkRefused() {
  const { user } = useSession();
  const location = useLocation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  if (!user) return <Navigate to={loginPathFor(here)} replace />;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" role="alert" title="This link is for the venue's staff">
        It books a court for a member and opens only for a staff account.
        <Group mt="md" gap="sm">
          <Button component={Link} to="/book" variant="filled">
            Book for myself
          </Button>
          <Button
            variant="default"
            onClick={async () => {
              await signOut();
              await navigate(loginPathFor(here));
            }}
          >
            Sign in as staff
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}
