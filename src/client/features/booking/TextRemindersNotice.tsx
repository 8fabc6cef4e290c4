import { Button, Paper, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BookingView } from "../../../contracts/manage";
import { formatPhoneForDisplay } from "../../../domain/phone";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useRequestPhoneCode } from "./api/request-phone-code";
import PhoneCodeStep from "./PhoneCodeStep";

/**
 * Issue 30 item 2: reminders text only a phone proven with a texted code. A booking whose text
 * reminders wait for that proof says so on its receipt and manage page, and takes the code here.
 */
export function TextRemindersNotice({ reminders }: { reminders: BookingView["textReminders"] }) {
  const queryClient = useQueryClient();
  const request = useRequestPhoneCode();
  const [step, setStep] = useState<"sent" | "wait" | "opted_out" | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (reminders.state === "off" || !reminders.phone) return null;
  const phone = formatPhoneForDisplay(reminders.phone);
  if (reminders.state === "on") {
    return (
      <Text size="sm" c="dimmed" data-testid="text-reminders">
        Text reminders go to {phone}.
      </Text>
    );
  }
  const email = reminders.email ?? undefined;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="text-reminders">
      {step ? (
        <PhoneCodeStep
          phone={phone}
          email={email}
          state={step}
          what="text reminders"
          skipLabel="Not now"
          onDone={(proven) => {
            setStep(null);
            if (proven) notifySuccess(`Text reminders will go to ${phone}`);
            void queryClient.invalidateQueries({ queryKey: ["booking"] });
          }}
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Text reminders to {phone} start once you confirm the phone is yours with a code we text to it.
          </Text>
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Button
            variant="light"
            loading={request.isPending}
            onClick={() =>
              request.mutate(
                { phone: reminders.phone ?? "", email },
                {
                  onSuccess: (data) => {
                    setError(null);
                    setStep(data.phoneCode);
                  },
                  onError: (err) => setError(errorMessage(err, "Could not text a code")),
                },
              )
            }
          >
            Text me a code
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
