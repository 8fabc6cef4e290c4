import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCalendarPlus, IconCircleCheck, IconMail } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../domain/money";
import { ReferenceQrCode } from "../../components/ReferenceQrCode";
import { ApiError } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { downloadRegistrationCalendar } from "./api/download-registration-calendar";
import { useRegistrationReceipt } from "./api/get-registration-receipt";
import { ReceiptDetails } from "./ReceiptDetails";
import { ReceiptFrame } from "./ReceiptFrame";

/** After this long still pending, the page stops promising and points to the email. */
const PATIENCE_MS = 20_000;

/**
 * Issue 34: an event registration ends on a receipt like a booking's — reference, the event, the
 * amount paid, Add to calendar — shown at the top of the event page after registering or paying
 * (in view on a phone), and on the page the confirmation email's manage link opens.
 * `context`: "checkout" right after registering (a refunded payment there means the event filled
 * up meanwhile), "link" on the manage page.
 */
export function RegistrationReceipt({
  registrationId,
  token,
  context,
  announce = false,
  signedIn,
  notFound,
}: {
  registrationId: string;
  token: string | null;
  context: "checkout" | "link";
  /** Say "Registration confirmed!" and move the focus here once it is (just back from paying). */
  announce?: boolean;
  signedIn: boolean;
  /** What to show when the server knows no such registration for this reader. */
  notFound: ReactNode;
}) {
  const query = useRegistrationReceipt(registrationId, token);
  const receipt = query.data;
  const status = receipt?.status;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const announced = useRef(false);
  const [patient, setPatient] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setPatient(true), PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!status || status === "pending") return;
    // The result replaces the waiting line: take the focus to it so a screen reader reads it.
    titleRef.current?.focus();
    if (announce && status === "confirmed" && !announced.current) {
      announced.current = true;
      notifySuccess("Registration confirmed!");
    }
  }, [status, announce]);

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <>{notFound}</>;
    return (
      <ReceiptFrame icon={<IconMail size={32} />} color="red" title="Your registration could not be loaded">
        <Button variant="light" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </ReceiptFrame>
    );
  }
  if (!receipt || receipt.status === "pending") {
    return (
      <ReceiptFrame icon={<IconMail size={32} />} color="blue" title="Thank you!">
        {patient && receipt ? (
          <Text>
            We're confirming your payment. You'll get an email as soon as your registration is confirmed.
          </Text>
        ) : (
          <Group gap="xs" justify="center" role="status">
            <Loader size="xs" />
            <Text span>{receipt ? "Confirming your payment..." : "Loading your registration..."}</Text>
          </Group>
        )}
      </ReceiptFrame>
    );
  }

  const addToCalendar = () =>
    downloadRegistrationCalendar(receipt.registrationId, token, receipt.reference).catch(() =>
      notifyError("Failed to download the calendar file"),
    );

  if (receipt.status === "cancelled") {
    const filledUp = context === "checkout" && receipt.isRefunded;
    return (
      <ReceiptFrame
        titleRef={titleRef}
        icon={<IconAlertTriangle size={32} />}
        color="orange"
        title={filledUp ? "This event filled up" : "Registration cancelled"}
      >
        <Text>
          {filledUp
            ? "The last place was taken before your payment reached us, so your payment has been refunded. We've emailed you the details."
            : receipt.refundedCents > 0
              ? `Your registration for ${receipt.event.name} is cancelled and ${formatCents(receipt.refundedCents)} has been refunded.`
              : `Your registration for ${receipt.event.name} is cancelled.`}
        </Text>
        <ReceiptDetails receipt={receipt} />
        <Button component={Link} to="/events" variant="light" fullWidth>
          See more events
        </Button>
      </ReceiptFrame>
    );
  }

  return (
    <ReceiptFrame
      titleRef={titleRef}
      icon={<IconCircleCheck size={32} />}
      color="teal"
      title={context === "link" ? "Your registration" : "You're registered!"}
    >
      {context === "checkout" ? <Text>A confirmation is on its way to {receipt.customerEmail}.</Text> : null}
      <ReceiptDetails receipt={receipt} />
      <ReferenceQrCode reference={receipt.reference} svg={receipt.checkInQrSvg} />
      <Stack gap="xs">
        <Button fullWidth leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={addToCalendar}>
          Add to calendar
        </Button>
        {signedIn ? (
          <Button component={Link} to="/my-reservations" variant="default" fullWidth>
            My Reservations
          </Button>
        ) : null}
        <Button
          component={Link}
          to={context === "link" ? `/events/${receipt.event.id}` : "/events"}
          variant="light"
          fullWidth
        >
          {context === "link" ? "See the event" : "See more events"}
        </Button>
      </Stack>
    </ReceiptFrame>
  );
}
