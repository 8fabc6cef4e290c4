import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { scrollIntoViewOnMount } from "../../lib/scroll-into-view";
import { useSession } from "../../lib/session";
import { useVenue } from "../../lib/venue";
import { FreeBookingRules } from "./FreeBookingRules";
import { FreeDateField } from "./FreeDateField";
import { FreeSlotPicker } from "./FreeSlotPicker";
import classes from "./membership.module.css";
import { useFreeBooking } from "./use-free-booking";

// SPEC §2 Member Free Reservations (/member-reservations); members only (RequireMember, and the API).
export default function MemberReservationsPage() {
  const { user } = useSession();
  const venue = useVenue();
  const free = useFreeBooking(user?.id ?? null);
  const remaining = free.data?.allowance.remaining;
  const noneLeft = remaining === 0;

  return (
    <Container size="md" py={{ base: "lg", sm: 40 }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Member Free Reservations
          </Title>
          <Text c="dimmed" mt={4}>
            Book your free {venue.clubName} court time.
          </Text>
        </div>
        <FreeBookingRules allowance={free.data?.allowance} rules={free.data?.rules} />
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack>
            {free.data && free.date && (
              <FreeDateField
                value={free.date}
                min={free.data.today}
                max={free.data.maxDate}
                onChange={free.setDate}
              />
            )}
            <FreeSlotPicker
              slots={free.data?.slots}
              isLoading={free.isLoading}
              isError={free.isError}
              onRetry={free.retry}
              retrying={free.isRetrying}
              value={free.startTime}
              onChange={free.setStartTime}
              disabled={noneLeft || free.isBooking}
            />
            <Button
              size="lg"
              fullWidth
              className={classes.wrapButton}
              onClick={free.submit}
              loading={free.isBooking}
              disabled={noneLeft || remaining === undefined}
            >
              {noneLeft ? "No Free Reservations Remaining" : "Book Free Reservation"}
            </Button>
            {/* Beside the button just pressed, and brought into view: the member is down here. */}
            {free.booked && (
              <Alert
                key={free.booked.id}
                ref={scrollIntoViewOnMount}
                color="teal"
                variant="light"
                icon={<IconCircleCheck size={20} />}
                title="You're booked!"
                role="status"
              >
                {free.booked.facilityName} · {formatVenueDateShort(free.booked.date)} ·{" "}
                {free.booked.displayTime}.{" "}
                <Anchor component={Link} to="/my-reservations" size="sm">
                  View My Reservations
                </Anchor>
              </Alert>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
