import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkNewPassword } from "../../../domain/password";
import { STAFF_ROLE_LABELS } from "../../../domain/staff-roles";
import { PageLoader } from "../../components/layout/AppLayout";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useAcceptInvitation, useInvitation } from "./api/staff-invitation";

/** Issue 33: the page an owner's invitation links to (/staff-invite?token=…): name and password. */
export default function StaffInvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);

  if (token !== "" && invitation.isPending) return <PageLoader />;
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        Join the Staff
      </Title>
      {invitation.data ? (
        <>
          <Text c="dimmed" size="sm" ta="center" mt={5}>
            {invitation.data.venueName} invited {invitation.data.email} as{" "}
            {STAFF_ROLE_LABELS[invitation.data.role]}.
          </Text>
          <AcceptForm token={token} email={invitation.data.email} />
        </>
      ) : (
        <Alert color="red" variant="light" role="alert" mt="lg">
          {token === ""
            ? "This invitation link is not valid or has expired. Ask the owner for a new one."
            : errorMessage(invitation.error, "This invitation could not be opened. Please try again.")}{" "}
          <Link to="/login">Go to sign in</Link>
        </Alert>
      )}
    </Container>
  );
}

function AcceptForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!firstName.trim() || !lastName.trim()) {
      setError("Please enter your first and last name");
      return;
    }
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    accept.mutate(
      { token, firstName, lastName, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          notifySuccess("Your staff account is ready. Please sign in.");
          navigate("/login", { replace: true, state: { email } });
        },
        onError: (err) => setError(errorMessage(err, "Failed to create your account")),
      },
    );
  }

  return (
    <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Email" value={email} readOnly />
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            required
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            required
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            labels={{ password: "Password", confirm: "Confirm password" }}
            description="At least 6 characters"
            required
          />
          <Button type="submit" loading={accept.isPending} fullWidth>
            Create Staff Account
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
