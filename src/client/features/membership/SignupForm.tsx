import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { type MembershipPlan, SIGNUP_FAILED_MESSAGE, subscribeButtonLabel } from "../../../domain/membership";
import { ApiError, errorField, errorMessage } from "../../lib/api";
import { notifyError } from "../../lib/notify";
import { useVenue } from "../../lib/venue";
import { useMembershipPlans } from "./api/get-membership-plans";
import { useStartMembershipCheckout } from "./api/start-membership-checkout";
import { PlanPicker } from "./PlanPicker";
import { RestartLinkButton } from "./RestartLinkButton";
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
  const plans = useMembershipPlans();
  const chosen = plans.data?.plans.find((p) => p.id === plan);
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState<{
    message: string;
    emailTaken: boolean;
    signupWaiting: boolean;
  } | null>(null);

  const checkout = useStartMembershipCheckout();
  const onCheckoutError = (err: Error) => {
    const message = errorMessage(err, SIGNUP_FAILED_MESSAGE);
    const field = errorField(err, SERVER_FIELDS);
    setServerError({
      message,
      // An email that already has an account (the conflict that names the field): offer to sign in.
      emailTaken: err instanceof ApiError && err.code === "CONFLICT" && field === "email",
      // A signup for this email waits for payment, perhaps a stranger's: offer the link that cancels it.
      signupWaiting: err instanceof ApiError && err.details?.signupWaiting === true,
    });
    if (field) setErrors({ [field]: message });
    notifyError(message);
  };

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
    checkout.mutate(result.request, {
      // The hosted checkout (Stripe's page, or the built-in test checkout) takes over from here.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: onCheckoutError,
    });
  };

  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <form onSubmit={submit} noValidate aria-label="Membership signup">
      <Stack>
        <PlanPicker plans={plans.data?.plans} value={plan} onChange={setPlan} />
        {plans.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(plans.error, "Failed to load the membership plans")}
          </Alert>
        )}
        {serverError && (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {serverError.message}{" "}
            {serverError.emailTaken && (
              <Anchor component={Link} to="/login" size="sm">
                Go to Member Login
              </Anchor>
            )}
            {serverError.signupWaiting && <RestartLinkButton email={fields.email} />}
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
        <Button type="submit" size="lg" loading={busy} disabled={!chosen} fullWidth>
          {chosen ? subscribeButtonLabel(chosen) : "Subscribe"}
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
