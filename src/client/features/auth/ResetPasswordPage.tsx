import { Alert, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { checkNewPassword } from "../../../domain/password";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { api, errorMessage } from "../../lib/api";
import { emitAuthEvent } from "../../lib/auth-events";
import { notifyError, notifySuccess } from "../../lib/notify";

const INVALID_LINK = "Invalid or expired reset link. Please request a new one.";

// SPEC §2 Set New Password: reads token and email; either missing → message and /forgot-password.
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const email = params.get("email");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirected = useRef(false);

  useEffect(() => {
    if ((!token || !email) && !redirected.current) {
      redirected.current = true;
      notifyError(INVALID_LINK);
      navigate("/forgot-password", { replace: true });
    }
  }, [token, email, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await api("/password/reset", { body: { token, email, password, confirmPassword: confirm } });
      emitAuthEvent("PASSWORD_RECOVERY");
      notifySuccess("Password updated successfully! Please sign in with your new password.");
      navigate("/login", { replace: true });
    } catch (err) {
      const message = errorMessage(err, "Failed to reset password");
      setError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  }

  if (!token || !email) return null;
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        Set New Password
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        For {email}
      </Text>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <NewPasswordFields
              password={password}
              confirm={confirm}
              onPasswordChange={setPassword}
              onConfirmChange={setConfirm}
              labels={{ password: "New password", confirm: "Confirm new password" }}
              description="At least 6 characters"
              required
            />
            <Button type="submit" loading={busy} fullWidth>
              Update Password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
