import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";

/** An address the app does not have (issue 14): said plainly, with the ways on, instead of a silent jump to /. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text>
          There is no page at{" "}
          <Text span fw={700} style={{ wordBreak: "break-all" }}>
            {pathname}
          </Text>
          . The link may be old or mistyped.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/book">
            Book a Court
          </Button>
          <Button component={Link} to="/events" variant="default">
            See Events
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
