import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import type { SessionResponse } from "../../../contracts/auth";
import { ApiError, api } from "../../lib/api";
import { emitAuthEvent } from "../../lib/auth-events";
import { notifyError, notifySuccess } from "../../lib/notify";
import { homeFor, intendedPath } from "../../lib/redirect-target";
import { SESSION_KEY, useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";

// SPEC §2 Member Login and §8 Sign-in: errors as a toast and inline in a red box.
export default function LoginPage() {
  const venue = useVenue();
  const navigate = useNavigate();
  const location = useLocation();
  const { user: signedIn } = useSession();
  const queryClient = useQueryClient();
  // Where the visitor was going (a staff link, a members' page), to return there once signed in.
  const intended = intendedPath(location.search, location.state);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (message: string) => {
    setError(message);
    notifyError(message);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) return fail("Please enter both email and password");
    setBusy(true);
    try {
      const { user } = await api<SessionResponse>("/session/sign-in", {
        body: { email: email.trim(), password },
      });
      queryClient.setQueryData(SESSION_KEY, { user });
      emitAuthEvent("SIGNED_IN");
      notifySuccess("Welcome back!");
      navigate(intended ?? (user?.isAdmin ? "/admin" : "/member-reservations"), { replace: true });
    } catch (err) {
      // A frozen account is refused by the server before any session exists: it stays signed out.
      fail(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : "Failed to sign in");
    } finally {
      setBusy(false);
    }
  }

  // Someone already signed in has nothing to do here: on to where they were going, or home.
  if (signedIn && !busy) return <Navigate to={intended ?? homeFor(signedIn)} replace />;

  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        Member Login
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        Not a member yet?{" "}
        <Anchor component={Link} to="/signup" state={location.state} size="sm">
          Join {venue.clubName}
        </Anchor>
      </Text>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert" data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={busy} fullWidth>
              Sign In
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
