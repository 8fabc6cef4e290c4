import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { type MembershipPlan, SIGNUP_FAILED_MESSAGE, subscribeButtonLabel } from "../../../domain/membership";
import { ApiError, errorField, errorMessage } from "../../lib/api";
import { notifyError } from "../../lib/notify";
import { useVenue } from "../../lib/venue";
import { startMembershipCheckout } from "./membership-api";
import { PlanPicker } from "./PlanPicker";
import { checkSignupForm, type SignupErrors, type SignupFields } from "./signup-validation";

const EMPTY: SignupFields = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  password: "",
  confirmPassword: "",
};

/** The request's fields (src/contracts/membership.ts) a server error may name. */
const SERVER_FIELDS = ["firstName", "lastName", "email", "phone", "password"] as const;

/** SPEC §2 Join membership: the plan, the fields, the button that follows the plan. */
export function SignupForm() {
  const venue = useVenue();
  const [plan, setPlan] = useState<MembershipPlan>("monthly");
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState<{ message: string; emailTaken: boolean } | null>(null);

  const checkout = useMutation({
    mutationFn: startMembershipCheckout,
    // The hosted checkout (Stripe's page, or the built-in test checkout) takes over from here.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => {
      const message = errorMessage(err, SIGNUP_FAILED_MESSAGE);
      // The one conflict here is an email that already has an account: offer to sign in.
      setServerError({ message, emailTaken: err instanceof ApiError && err.code === "CONFLICT" });
      const field = errorField(err, SERVER_FIELDS);
      if (field) setErrors({ [field]: message });
      notifyError(message);
    },
  });

  const field = (name: keyof SignupFields) => ({
    value: fields[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const result = checkSignupForm(fields, plan, venue.phone);
    if (!result.ok) {
      setErrors(result.errors);
      const [first] = Object.values(result.errors);
      if (first) notifyError(first);
      return;
    }
    setErrors({});
    checkout.mutate(result.request);
  };

  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <form onSubmit={submit} noValidate aria-label="Membership signup">
      <Stack>
        <PlanPicker value={plan} onChange={setPlan} />
        {serverError && (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {serverError.message}{" "}
            {serverError.emailTaken && (
              <Anchor component={Link} to="/login" size="sm">
                Go to Member Login
              </Anchor>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" required {...field("firstName")} />
          <TextInput label="Last name" autoComplete="family-name" required {...field("lastName")} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" required {...field("email")} />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder={venue.phone}
          description="Optional, US numbers"
          {...field("phone")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 6 characters"
            required
            {...field("password")}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            description="Type it once more"
            required
            {...field("confirmPassword")}
          />
        </SimpleGrid>
        <Button type="submit" size="lg" loading={busy} fullWidth>
          {subscribeButtonLabel(plan)}
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          Already a member?{" "}
          <Anchor component={Link} to="/login" size="sm">
            Member Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
