import { Group, Paper, Stack, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode, Ref } from "react";

/** A registration receipt's card: its icon and title (the focus goes to it), then what it says. */
export function ReceiptFrame({
  icon,
  color,
  title,
  titleRef,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: "md", sm: "lg" }} aria-label="Registration receipt">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h3" ref={titleRef} tabIndex={-1} style={{ outline: "none" }}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
