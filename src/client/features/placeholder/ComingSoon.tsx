import { Container, Text, Title } from "@mantine/core";

/** A plain placeholder for a route whose screen lands with a later issue (issue 2, item 4). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container size="sm" py={60}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" mt="sm">
        This screen is not available yet.
      </Text>
    </Container>
  );
}
