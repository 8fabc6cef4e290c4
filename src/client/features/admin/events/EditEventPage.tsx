import { Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import type { EventInput } from "../../../../contracts/events";
import { EVENT_FORM_MESSAGES } from "../../../../domain/event-form";
import { isDateString } from "../../../../domain/venue-time";
import { WithAdminSidebar } from "../../../components/layout/AppLayout";
import { ApiError, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { adminEventKeys, fetchAdminEvent, saveEvent } from "./admin-events-api";
import { EventForm } from "./EventForm";
import { fromEvent } from "./event-form-state";

/** SPEC §2 Edit Event (/admin/events/{eventId}/edit?returnDate=…): the create form without recurrence. */
export default function EditEventPage() {
  const { eventId = "" } = useParams();
  const [params] = useSearchParams();
  const returnDate = params.get("returnDate");
  const validReturn = returnDate && isDateString(returnDate) ? returnDate : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: adminEventKeys.detail(eventId),
    queryFn: ({ signal }) => fetchAdminEvent(eventId, signal),
    retry: false,
    // The form starts from what is stored now, not from a cached copy.
    refetchOnMount: "always",
  });
  const notFound =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  useEffect(() => {
    if (!query.isError) return;
    notifyError(notFound ? EVENT_FORM_MESSAGES.notFound : "Failed to load event details");
  }, [query.isError, notFound]);

  const update = useMutation({
    mutationFn: ({ input, photo }: { input: EventInput; photo: File | null }) =>
      saveEvent({ kind: "update", id: eventId }, input, photo),
    onSuccess: () => {
      notifySuccess(EVENT_FORM_MESSAGES.updated);
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["events"] });
      navigate(`/admin/events${validReturn ? `?date=${validReturn}` : ""}`);
    },
    onError: (err) => {
      const message = errorMessage(err, "Failed to update event");
      setError(message);
      notifyError(message);
    },
  });

  if (notFound) return <Navigate to="/admin/events" replace />;
  return (
    <WithAdminSidebar enabled>
      <Stack gap="md">
        <Title order={1}>Edit Event</Title>
        {!query.isFetchedAfterMount && !query.isError && (
          <Center py="xl">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>Loading event details...</Text>
            </Group>
          </Center>
        )}
        {query.isError && !notFound && <Text c="red">Failed to load event details</Text>}
        {query.data && query.isFetchedAfterMount && (
          <EventForm
            initial={fromEvent(query.data.event)}
            mode="edit"
            eventId={eventId}
            currentPhotoUrl={query.data.event.photoUrl}
            submitting={update.isPending}
            error={error}
            onSubmit={(input, photo) => {
              setError(null);
              update.mutate({ input, photo });
            }}
          />
        )}
      </Stack>
    </WithAdminSidebar>
  );
}
