import { Container, Grid, Paper, Text, Title } from "@mantine/core";
import { Navigate, useLocation } from "react-router";
import { homeFor, intendedPath } from "../../lib/redirect-target";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import { MembershipBenefits } from "./MembershipBenefits";
import { RestartSignupNotice } from "./RestartSignupNotice";
import { SignupForm } from "./SignupForm";

// SPEC §2 Join membership (/signup).
export default function SignupPage() {
  const venue = useVenue();
  const { user } = useSession();
  const location = useLocation();
  // A signed-in visitor already has an account: on to where they were going, or home (issue 14).
  if (user) return <Navigate to={intendedPath(location.search, location.state) ?? homeFor(user)} replace />;
  return (
    <Container size="lg" py={{ base: "lg", sm: 48 }} px={{ base: "sm", sm: "md" }}>
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Join {venue.clubName}
      </Title>
      <Text c="dimmed" size="lg" mt={4} mb="lg">
        Free weekly court time, member pricing and priority booking at {venue.venueName}.
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MembershipBenefits clubName={venue.clubName} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RestartSignupNotice />
          <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="sm">
            <SignupForm />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
