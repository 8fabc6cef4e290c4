import { Container, Stack } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/LoadError";
import { PageLoader } from "../../components/layout/AppLayout";
import { errorMessage } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useBookingContext } from "./api/get-booking-context";
import { BookingHeading } from "./BookingIntro";
import { BookingScreen } from "./BookingScreen";
import { BookingSkeleton } from "./BookingSkeleton";
import { useFirstSlots } from "./use-first-slots";

// The staff link's refusal is fetched when it is shown (decision 025).
const StaffLinkRefused = lazy(() =>
  import("./StaffLinkRefused").then((m) => ({ default: m.StaffLinkRefused })),
);

// SPEC §2 Booking screen (/ and /book; /book?member={userId} for admins booking for a member).
export default function BookingPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const memberId = params.get("member");
  // A staff link (/book?member=…) is for staff: anyone else is told so before the server refuses.
  const staffLinkRefused = memberId !== null && !user?.isAdmin;
  const context = useBookingContext(user?.id ?? null, staffLinkRefused ? null : memberId);
  // A new person (sign in or out, another member) starts a fresh screen: prices and window change.
  const screenKey = `${user?.id ?? "guest"}:${memberId ?? ""}`;
  const ready = useFirstSlots(staffLinkRefused ? undefined : context.data, screenKey, memberId);

  if (staffLinkRefused) {
    return (
      <Suspense fallback={<PageLoader />}>
        <StaffLinkRefused />
      </Suspense>
    );
  }
  if (context.isPending || (!ready && !context.isError)) {
    return (
      <Container size="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
        <Stack gap="xs" mb={{ base: "sm", sm: "lg" }}>
          <BookingHeading />
        </Stack>
        <BookingSkeleton />
      </Container>
    );
  }
  if (context.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadError
          message={errorMessage(context.error, "Failed to load time slots")}
          onRetry={context.refetch}
          retrying={context.isFetching}
        />
      </Container>
    );
  }
  return <BookingScreen key={screenKey} context={context.data} memberId={memberId} />;
}
