import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useVenue } from "../../lib/venue";

// SPEC §2 Footer: contact, hours, quick links and the current year; all venue facts from settings.
export function Footer() {
  const venue = useVenue();
  return (
    <Box component="footer" bg="gray.9" c="gray.3" py="xl" mt="xl">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={4}>
            <Title order={2} size="h5" c="white">
              Contact Us
            </Title>
            <Text size="sm">{venue.address}</Text>
            <Anchor size="sm" c="gray.3" href={`tel:${venue.phone.replace(/[^\d+]/g, "")}`}>
              {venue.phone}
            </Anchor>
            <Anchor size="sm" c="gray.3" href={`mailto:${venue.email}`}>
              {venue.email}
            </Anchor>
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h5" c="white">
              Hours
            </Title>
            {venue.hours.map((h) => (
              <Text size="sm" key={h.label}>
                {h.label} {h.hours}
              </Text>
            ))}
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h5" c="white">
              Quick Links
            </Title>
            <Anchor size="sm" c="gray.3" component={Link} to="/book">
              Play
            </Anchor>
            <Anchor size="sm" c="gray.3" component={Link} to="/login">
              Member Login
            </Anchor>
            <Anchor
              size="sm"
              c="gray.3"
              href={venue.policyLinks.privacy}
              target="_blank"
              rel="noopener noreferrer"
            >
              Privacy Policy
            </Anchor>
            <Anchor
              size="sm"
              c="gray.3"
              href={venue.policyLinks.terms}
              target="_blank"
              rel="noopener noreferrer"
            >
              Terms &amp; Conditions
            </Anchor>
            <Anchor
              size="sm"
              c="gray.3"
              href={venue.policyLinks.refund}
              target="_blank"
              rel="noopener noreferrer"
            >
              Refund Policy
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text size="xs" ta="center" mt="xl" c="gray.5">
          © {new Date().getFullYear()} {venue.venueName}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
