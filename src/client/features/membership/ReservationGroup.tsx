import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One of My Reservations' groups; an empty group is not shown. */
export function ReservationGroup({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  if (count === 0) return null;
  const id = `group-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title} ({count})
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {children}
      </SimpleGrid>
    </Stack>
  );
}
