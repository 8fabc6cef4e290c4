import { Badge, Center, Divider, Group, Loader, Modal, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useState } from "react";
import type { AdminEventDetailResponse, AdminRegistration } from "../../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventCourtNames, formatEventLongDate } from "../../../../domain/events";
import { formatPriceShort } from "../../../../domain/money";
import { formatTimeRange, venueToday } from "../../../../domain/venue-time";
import { EVENT_TYPE_COLORS } from "../../../components/event-look";
import { LoadError } from "../../../components/LoadError";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { ManagerPasswordModal } from "../shared/ManagerPasswordModal";
import { AddRegistrationForm } from "./AddRegistrationForm";
import { useCheckInRegistration } from "./api/check-in-registration";
import { useDeleteRegistration } from "./api/delete-registration";
import { useAdminEvent } from "./api/get-admin-event";
import { useRefundRegistration } from "./api/refund-registration";
import { EventWaitlist } from "./EventWaitlist";
import { RegistrationRow } from "./RegistrationRow";

/** SPEC §2 Event detail modal: the event, its registrations (a ~500 px scrolling box), refunds. */
export function EventDetailModal({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const query = useAdminEvent(eventId);
  const [refunding, setRefunding] = useState<AdminRegistration | null>(null);
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  // A wrong password is shown inside the password dialog; other failures close it with a toast.
  const refund = useRefundRegistration();
  const remove = useDeleteRegistration();
  const confirmDelete = (r: AdminRegistration) =>
    modals.openConfirmModal({
      title: "Delete registration",
      children: <Text size="sm">Are you sure you want to delete this registration?</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      zIndex: 320,
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: () => notifySuccess("Registration deleted"),
          onError: (err) => notifyError(errorMessage(err, "Failed to delete registration")),
        }),
    });

  return (
    <>
      <Modal
        opened={eventId !== null}
        onClose={onClose}
        size="xl"
        title={query.data?.event.name ?? "Event details"}
        fullScreen={phone}
        styles={{ title: { fontWeight: 800, fontSize: "var(--mantine-font-size-lg)" } }}
      >
        {query.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading event" />
          </Center>
        )}
        {query.isError && (
          <LoadError
            message="Failed to load event registrations"
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        )}
        {query.data && <DetailBody detail={query.data} onRefund={setRefunding} onDelete={confirmDelete} />}
      </Modal>
      <ManagerPasswordModal
        opened={refunding !== null}
        title="Manager Password Required"
        prompt={`Enter the manager password to confirm refund for ${refunding?.customerName}.`}
        confirmLabel="Confirm Refund"
        zIndex={310}
        onClose={() => setRefunding(null)}
        onConfirm={async (password) => {
          if (!refunding) return;
          await refund.mutateAsync({ id: refunding.id, managerPassword: password });
          notifySuccess("Refund processed and registration cancelled");
          setRefunding(null);
        }}
        onError={(err) => notifyError(errorMessage(err, "Failed to refund registration"))}
      />
    </>
  );
}

function DetailBody({
  detail,
  onRefund,
  onDelete,
}: {
  detail: AdminEventDetailResponse;
  onRefund: (r: AdminRegistration) => void;
  onDelete: (r: AdminRegistration) => void;
}) {
  const { event, registrations } = detail;
  const checkIn = useCheckInRegistration();
  const eventIsToday = event.date === venueToday(new Date());
  return (
    <Stack gap="sm">
      <Group gap={6}>
        <Badge variant="light" color={EVENT_TYPE_COLORS[event.type]}>
          {EVENT_TYPE_LABELS[event.type]}
        </Badge>
        {event.isPrivate && <Badge color="red">Private Event</Badge>}
        {event.hideParticipants && (
          <Badge color="gray" variant="outline">
            Hidden Participants
          </Badge>
        )}
      </Group>
      <Text>
        {formatEventLongDate(event.date)} · {formatTimeRange(event.startTime, event.endTime)}
      </Text>
      <Group gap="lg">
        <Text size="sm">
          {event.currentParticipants} / {event.maxParticipants} participants
        </Text>
        <Text size="sm">
          {formatPriceShort(event.nonMemberPriceCents)} / {formatPriceShort(event.memberPriceCents)} (member)
        </Text>
        <Text size="sm">{formatEventCourtNames(event.courtNames)}</Text>
      </Group>
      {event.description && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {event.description}
        </Text>
      )}
      {event.skillLevels.length > 0 && (
        <Group gap={4}>
          {event.skillLevels.map((level) => (
            <Badge key={level} variant="outline" color="gray" tt="none">
              {level}
            </Badge>
          ))}
        </Group>
      )}
      <Divider my={4} />
      <Title order={3} size="h5">
        Registrations ({registrations.length})
      </Title>
      <ScrollArea.Autosize mah={500} type="auto" offsetScrollbars>
        {registrations.length === 0 ? (
          <Text c="dimmed" size="sm" py="sm">
            No registrations found
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Registrations">
            {registrations.map((r) => (
              <RegistrationRow
                key={r.id}
                registration={r}
                onRefund={onRefund}
                onDelete={onDelete}
                onCheckIn={(reg) => checkIn.mutate(reg.id)}
                eventIsToday={eventIsToday}
                checkingIn={checkIn.isPending && checkIn.variables === r.id}
              />
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Divider my={4} />
      <EventWaitlist eventId={event.id} />
      <Divider my={4} />
      <AddRegistrationForm event={event} />
    </Stack>
  );
}
