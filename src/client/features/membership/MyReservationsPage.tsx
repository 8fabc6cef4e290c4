import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/LoadError";
import { PageLoader } from "../../components/layout/AppLayout";
import { notifyError } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import { useMyReservations } from "./api/get-my-reservations";
import { EventRegistrationCard } from "./EventRegistrationCard";
import { ReservationCard } from "./ReservationCard";
import { ReservationGroup } from "./ReservationGroup";

// SPEC §2 My Reservations (/my-reservations): the server's groups, from today on.
export default function MyReservationsPage() {
  const { user, isMember } = useSession();
  const venue = useVenue();
  const query = useMyReservations(user?.id ?? null);
  useEffect(() => {
    if (query.isError) notifyError("Failed to load reservations");
  }, [query.isError]);

  const data = query.data;
  const total = data
    ? data.freeCourtReservations.length +
      data.courtReservations.length +
      data.dartBayReservations.length +
      data.eventRegistrations.length
    : 0;

  return (
    <Container size="md" py={{ base: "lg", sm: 40 }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          My Reservations
        </Title>
        {query.isPending && <PageLoader />}
        {query.isError && (
          <LoadError
            message="Failed to load reservations"
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        )}
        {data && total === 0 && (
          <Paper withBorder radius="md" p="xl" ta="center">
            <Text size="lg" mb="md">
              You don't have any reservations yet.
            </Text>
            <Group justify="center">
              <Button component={Link} to="/book">
                Book a Court or Dart Bay
              </Button>
              {isMember && (
                <Button component={Link} to="/member-reservations" variant="light">
                  Book Free Court
                </Button>
              )}
            </Group>
          </Paper>
        )}
        {data && (
          <>
            <ReservationGroup title="Free Court Reservations" count={data.freeCourtReservations.length}>
              {data.freeCourtReservations.map((r) => (
                <ReservationCard key={r.id} reservation={r} />
              ))}
            </ReservationGroup>
            <ReservationGroup title="Court Reservations" count={data.courtReservations.length}>
              {data.courtReservations.map((r) => (
                <ReservationCard key={r.id} reservation={r} />
              ))}
            </ReservationGroup>
            <ReservationGroup title="Dart Bay Reservations" count={data.dartBayReservations.length}>
              {data.dartBayReservations.map((r) => (
                <ReservationCard key={r.id} reservation={r} />
              ))}
            </ReservationGroup>
            <ReservationGroup title="Event Registrations" count={data.eventRegistrations.length}>
              {data.eventRegistrations.map((r) => (
                <EventRegistrationCard key={r.id} registration={r} />
              ))}
            </ReservationGroup>
          </>
        )}
        <Text c="dimmed" size="sm" ta="center" data-testid="my-reservations-footer">
          To cancel or reschedule a reservation or event registration, please call us at {venue.phone}.
        </Text>
      </Stack>
    </Container>
  );
}
