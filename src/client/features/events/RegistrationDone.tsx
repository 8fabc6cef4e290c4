import { Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconMail } from "@tabler/icons-react";
import { Link } from "react-router";

/** What a guest sees once registered (docs/decisions/007-events.md), or when the outcome is unclear. */
export function RegistrationDone({
  kind,
  email,
}: {
  kind: "confirmed" | "refunded" | "unknown";
  email?: string;
}) {
  const content = {
    confirmed: {
      icon: <IconCircleCheck size={36} />,
      color: "teal",
      title: "You're registered!",
      text: email
        ? `A confirmation is on its way to ${email}.`
        : "Your registration is confirmed. Check your email for the details.",
    },
    refunded: {
      icon: <IconAlertTriangle size={36} />,
      color: "orange",
      title: "This event filled up",
      text: "The last place was taken before your payment reached us, so your payment has been refunded. We've emailed you the details.",
    },
    unknown: {
      icon: <IconMail size={36} />,
      color: "blue",
      title: "Thank you!",
      text: "We're confirming your payment. You'll get an email as soon as your registration is confirmed.",
    },
  }[kind];
  return (
    <Paper withBorder radius="md" p="lg" role="status">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={60} radius="xl" variant="light" color={content.color} aria-hidden>
          {content.icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {content.title}
        </Title>
        <Text c="dimmed">{content.text}</Text>
        <Button component={Link} to="/events" variant="light">
          See more events
        </Button>
      </Stack>
    </Paper>
  );
}
