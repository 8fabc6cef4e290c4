import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import type { CheckInResponse } from "../../../../contracts/check-in";
import { CHECK_IN_MESSAGES, parseCheckInCode } from "../../../../domain/check-in";
import { errorMessage } from "../../../lib/api";
import { AdminScreen } from "../shared/AdminScreen";
import { useCheckInByCode } from "./api/check-in-by-code";
import { QrScanner } from "./scanner/QrScanner";

/**
 * Issue 33 item 2: the front desk checks a player in by the booking reference on their email or
 * manage page (BK-…, or an event registration's EV-…), typed or read from its QR code with the
 * device's camera. Typing always works; the camera is offered where the browser has one.
 */
export default function CheckInPage() {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<CheckInResponse | null>(null);
  const checkIn = useCheckInByCode();

  function submit(value: string) {
    setDone(null);
    if (!parseCheckInCode(value)) {
      setProblem(CHECK_IN_MESSAGES.unreadable);
      return;
    }
    setProblem(null);
    checkIn.mutate(value, {
      onSuccess: (result) => {
        setDone(result);
        setCode("");
      },
      onError: (err) => setProblem(errorMessage(err, "Failed to check in")),
    });
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  return (
    <AdminScreen>
      <Stack gap="md" maw={560}>
        <Title order={1} size="h2">
          Check-in
        </Title>
        <Text c="dimmed" size="sm">
          Type the booking reference from the player's confirmation email or manage page, or scan its QR code.
          A booking checks in on its day only, and only once.
        </Text>
        <Paper withBorder p="md" radius="md">
          <QrScanner onCode={submit} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Booking reference"
                description="BK- and 8 characters (an event registration's starts with EV-)"
                placeholder="BK-3F2A9C1D"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={problem ? true : undefined}
                aria-describedby={problem ? "check-in-problem" : undefined}
              />
              <Group gap="sm">
                <Button type="submit" loading={checkIn.isPending}>
                  Check in
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        {problem && (
          <Alert id="check-in-problem" color="red" role="alert" title="Not checked in">
            {problem}
          </Alert>
        )}
        {done && <CheckedIn result={done} />}
      </Stack>
    </AdminScreen>
  );
}

function CheckedIn({ result }: { result: CheckInResponse }) {
  return (
    <Alert
      color="teal"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      title={result.message}
      data-testid="check-in-result"
    >
      <Stack gap={4}>
        <List size="sm">
          {result.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {result.noShows > 0 && (
          <Text size="sm" fw={600}>
            {result.customerName} has {result.noShows} earlier no-show{result.noShows === 1 ? "" : "s"}.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
