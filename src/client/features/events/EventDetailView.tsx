import { Alert, Box, Button, Stack } from "@mantine/core";
import { useLocation, useSearchParams } from "react-router";
import { Skeleton } from "../../components/Skeleton";
import { ApiError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useEvent } from "./api/get-event";
import { EventDetailBody } from "./EventDetailBody";
import classes from "./events.module.css";
import { PaymentBox } from "./PaymentBox";
import { rememberedToken } from "./pending-registration";
import { RegistrationForm } from "./RegistrationForm";
import { RegistrationReceipt } from "./RegistrationReceipt";
import { useCheckoutReturn } from "./use-checkout-return";
import { useRegistrationFlow } from "./use-registration-flow";
import { WaitlistJoin } from "./waitlist/WaitlistJoin";

/** SPEC §2 Event detail; after registering, the registration's receipt (issue 34). */
export function EventDetailView({ eventId }: { eventId: string }) {
  const { user } = useSession();
  const location = useLocation();
  const query = useEvent(eventId, user?.id ?? null);
  useDocumentTitle(query.data?.event.name);
  const [params] = useSearchParams();
  useCheckoutReturn(eventId);
  // /events/{id}?registration={rid}: the receipt of a registration this tab (or this account) made.
  const receiptId = params.has("checkout") ? null : params.get("registration");
  // Back from the checkout, the return decides; otherwise a reload brings the payment box back.
  const { pending, onRegistered, backToEvents, onExpired } = useRegistrationFlow(
    eventId,
    !params.has("checkout") && !receiptId,
  );

  const announce = (location.state as { announce?: boolean } | null)?.announce === true;
  const receipt = receiptId ? (
    <RegistrationReceipt
      registrationId={receiptId}
      token={rememberedToken(receiptId)}
      context="checkout"
      announce={announce}
      signedIn={user !== null}
      notFound={
        <Alert color="blue" title="Thank you!" role="status">
          We're confirming your payment. You'll get an email as soon as your registration is confirmed.
        </Alert>
      }
    />
  ) : null;

  return (
    <Stack gap="md">
      <Box>
        <Button variant="subtle" px={4} onClick={backToEvents}>
          ← Back to Events
        </Button>
      </Box>
      {query.isPending && (
        <div className={classes.detailSkeleton} role="status" aria-label="Loading event">
          <Skeleton />
          <Skeleton />
        </div>
      )}
      {query.isError &&
        (query.error instanceof ApiError && query.error.status === 404 ? (
          <Alert color="gray" title="Event not found">
            This event does not exist or is no longer available.
          </Alert>
        ) : (
          <Alert color="red" title="Failed to load events">
            <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Alert>
        ))}
      {query.data && (
        <EventDetailBody
          detail={query.data}
          receipt={receipt}
          aside={
            params.get("checkout") === "success" ? null : pending ? (
              <PaymentBox pending={pending} onExpired={onExpired} />
            ) : query.data.canJoinWaitlist ? (
              <WaitlistJoin event={query.data.event} viewerPriceCents={query.data.viewerPriceCents} />
            ) : query.data.canRegister ? (
              <RegistrationForm
                event={query.data.event}
                viewerPriceCents={query.data.viewerPriceCents}
                onRegistered={onRegistered}
              />
            ) : (
              <Alert
                color="gray"
                title={query.data.event.status === "completed" ? "This event has ended" : "Event Full"}
              >
                {query.data.event.status === "completed"
                  ? "Registration is closed."
                  : "All places are taken. Check back later in case a place opens up."}
              </Alert>
            )
          }
        />
      )}
    </Stack>
  );
}
