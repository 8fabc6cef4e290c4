import { Container, Paper, Stack, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The frame of the payment result screens (SPEC §2 Payment result screens: /success, /cancel,
 * /membership-success, /membership-cancel). The content is in the text's own colour: a receipt
 * is read, not glanced at (issue 34; a screen's intro sets its own dimmed line).
 */
export function ResultCard({
  icon,
  color,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  color: string;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Container size={520} py={{ base: 24, sm: 64 }} px="sm">
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <div style={{ fontSize: "var(--mantine-font-size-lg)", width: "100%" }}>{children}</div>
          <Stack gap="sm" w="100%" mt="sm">
            {actions}
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
