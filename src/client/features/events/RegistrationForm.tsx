import { Alert, Button, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { EventDto, RegistrationResponse } from "../../../contracts/events";
import type { JoinWaitlistResponse } from "../../../contracts/waitlist";
import { checkRegistrationForm, REGISTRATION_MESSAGES } from "../../../domain/event-registration";
import { formatCents } from "../../../domain/money";
import { displayPhoneOr } from "../../../domain/phone";
import { ApiError, errorMessage } from "../../lib/api";
import { notifyError } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { eventKeys } from "./api/event-keys";
import { registerForEvent } from "./api/register-for-event";
import { joinWaitlist } from "./waitlist/join-waitlist";

/**
 * SPEC §2 registration form and §5 Event registration: Full Name, Email, Phone (optional), Skill
 * Level when the event has levels, partner names when partnered. "Complete Registration" when this
 * viewer's price is 0, else "Continue to Payment". The server re-checks everything. With
 * `onJoinedWaitlist` the same fields join a full event's waitlist instead (issue 15 §1).
 */
export function RegistrationForm({
  event,
  viewerPriceCents,
  onRegistered,
  onJoinedWaitlist,
}: {
  event: EventDto;
  viewerPriceCents: number;
  onRegistered?: (registration: RegistrationResponse, email: string) => void;
  onJoinedWaitlist?: (entry: JoinWaitlistResponse, email: string) => void;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    customerName: user ? `${user.firstName} ${user.lastName}`.trim() : "",
    customerEmail: user?.email ?? "",
    customerPhone: displayPhoneOr(user?.phone, ""),
    playerNames: "",
    skillLevel: null as string | null,
  });
  const [error, setError] = useState<string | null>(null);
  const free = viewerPriceCents === 0;

  const waitlist = onJoinedWaitlist !== undefined;
  const register = useMutation({
    mutationFn: async () => {
      const body = { ...form, skillLevel: form.skillLevel ?? "" };
      const email = form.customerEmail.trim();
      if (onJoinedWaitlist) onJoinedWaitlist(await joinWaitlist(event.id, body), email);
      else onRegistered?.(await registerForEvent(event.id, body), email);
    },
    onError: (err) => {
      const message = errorMessage(
        err,
        waitlist ? "Failed to join the waitlist" : REGISTRATION_MESSAGES.failed,
      );
      setError(message);
      notifyError(message);
      if (err instanceof ApiError && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkRegistrationForm(form, event);
    setError(problem);
    if (problem) {
      notifyError(problem);
      return;
    }
    register.mutate();
  };

  const set = (field: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: e.currentTarget.value });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={waitlist ? "Join the waitlist" : "Register for this event"}
    >
      <Stack gap="sm">
        <TextInput
          label="Full Name"
          required
          autoComplete="name"
          value={form.customerName}
          onChange={set("customerName")}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.customerEmail}
          onChange={set("customerEmail")}
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          value={form.customerPhone}
          onChange={set("customerPhone")}
        />
        {event.skillLevels.length > 0 && (
          <Select
            label="Skill Level"
            placeholder="Select your skill level"
            required
            data={event.skillLevels}
            value={form.skillLevel}
            onChange={(value) => setForm({ ...form, skillLevel: value })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {event.isPartnered && (
          <Textarea
            label="Enter Partner Names"
            description="Every player on your team, one name per line"
            placeholder={"Your name\nYour partner's name"}
            required
            autosize
            minRows={2}
            value={form.playerNames}
            onChange={set("playerNames")}
          />
        )}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Button type="submit" size="md" loading={register.isPending}>
          {waitlist ? "Join Waitlist" : free ? "Complete Registration" : "Continue to Payment"}
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          {waitlist
            ? `When a place frees we email you an offer that holds it for you${free ? "" : `; your price: ${formatCents(viewerPriceCents)}`}`
            : free
              ? "Free for you"
              : `Your price: ${formatCents(viewerPriceCents)}, paid on the next step`}
        </Text>
      </Stack>
    </form>
  );
}
