import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { api, errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";

// SPEC §2 Forgot password.
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError("Please enter your email");
      return;
    }
    setBusy(true);
    try {
      await api("/password/forgot", { body: { email: email.trim() } });
      setSentTo(email.trim());
      notifySuccess("Reset instructions sent to your email");
    } catch (err) {
      const message = errorMessage(err, "Failed to send reset email");
      setError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <Container size={440} py={48}>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack>
            <Title order={1} size="h2">
              Check Your Email
            </Title>
            <Text>
              If an account exists for <strong>{sentTo}</strong>, we have sent instructions to reset its
              password. The link works once, for one hour.
            </Text>
            <Button onClick={() => navigate("/login")}>Return to Login</Button>
          </Stack>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        Reset Password
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        Enter your account's email and we will send you a link to choose a new password.
      </Text>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
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
            <Button type="submit" loading={busy} fullWidth>
              Send Reset Instructions
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to Member Login
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
