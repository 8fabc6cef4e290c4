import { Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of /membership-success and /membership-cancel (SPEC §2 Payment result screens). */
export function MembershipResultCard(props: {
  icon: ReactNode;
  color: string;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Container size={520} py={{ base: 32, sm: 64 }} px="sm">
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light" color={props.color} aria-hidden>
            {props.icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {props.title}
          </Title>
          <Text c="dimmed" size="lg" component="div">
            {props.children}
          </Text>
          <Stack gap="sm" w="100%" mt="sm">
            {props.actions}
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
