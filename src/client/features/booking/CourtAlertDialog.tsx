import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { TimeSlotDto } from "../../../contracts/booking";
import { SMS_CONSENT_HINT } from "../../../domain/booking-form";
import type { FacilityType } from "../../../domain/durations";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useCreateCourtAlert } from "./api/create-court-alert";
import PhoneCodeStep from "./PhoneCodeStep";

const WHAT: Record<FacilityType, string> = { court: "a court", dart_bay: "a dart bay" };

/**
 * The "Notify me" form for the times with nothing free (ISSUE 15 item 2): the player picks one of the full
 * times and is emailed (and texted, with consent) when one frees; the first to book gets it.
 */
export default function CourtAlertDialog({
  facilityType,
  date,
  duration,
  slots,
  onClose,
}: {
  facilityType: FacilityType;
  date: string;
  duration: number;
  slots: TimeSlotDto[];
  onClose: () => void;
}) {
  const { user } = useSession();
  const full = slots.filter((s) => !s.isAvailable);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [smsConsent, setSmsConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState<{ state: "sent" | "wait" | "opted_out"; done: string } | null>(
    null,
  );
  const create = useCreateCourtAlert();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startTime) {
      setError("Please choose a time");
      return;
    }
    create.mutate(
      {
        facilityType,
        date,
        startTime,
        duration,
        email: user ? undefined : email.trim(),
        phone: phone.trim() || null,
        smsConsent,
      },
      {
        onSuccess: (data) => {
          setError(null);
          const slot = full.find((s) => s.startTime === startTime);
          const done = `We'll tell ${data.alert.email} if ${WHAT[facilityType]} frees at ${slot?.displayTime ?? startTime}`;
          if (data.phoneCode) {
            setCodeStep({ state: data.phoneCode, done });
            return;
          }
          onClose();
          notifySuccess(done);
        },
        onError: (err) => setError(errorMessage(err, "Failed to set the alert")),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Notify me when a time frees" centered>
      {codeStep ? (
        <PhoneCodeStep
          phone={phone.trim()}
          email={user ? undefined : email.trim()}
          state={codeStep.state}
          onDone={(proven) => {
            onClose();
            notifySuccess(proven ? `${codeStep.done}, by email and text` : codeStep.done);
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <NativeSelect
              label="Time"
              data={[
                { value: "", label: "Choose a full time" },
                ...full.map((s) => ({ value: s.startTime, label: s.displayTime })),
              ]}
              value={startTime ?? ""}
              onChange={(e) => setStartTime(e.currentTarget.value || null)}
              required
            />
            {user ? (
              <Text size="sm">We'll email {user.email}.</Text>
            ) : (
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
              />
            )}
            <TextInput
              label="Phone (optional, for a text message)"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.currentTarget.value);
                if (e.currentTarget.value.trim() === "") setSmsConsent(false);
              }}
            />
            <Checkbox
              label="Text me about this (SMS)"
              description={phone.trim() && !smsConsent ? SMS_CONSENT_HINT : undefined}
              checked={smsConsent}
              onChange={(e) => setSmsConsent(e.currentTarget.checked)}
            />
            <Text size="xs" c="dimmed">
              Others may be waiting too: the first to book gets it. The alert ends when the time passes.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Notify me
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
