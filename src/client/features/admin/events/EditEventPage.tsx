import { Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import type { EventInput } from "../../../../contracts/events";
import { EVENT_FORM_MESSAGES } from "../../../../domain/event-form";
import { SERIES_MESSAGES, type SeriesScope } from "../../../../domain/event-series";
import { isDateString } from "../../../../domain/venue-time";
import { LoadError } from "../../../components/LoadError";
import { WithAdminSidebar } from "../../../components/layout/AppLayout";
import { ApiError, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { adminEventQuery } from "./api/get-admin-event";
import { useUpdateEvent } from "./api/update-event";
import { EventForm } from "./EventForm";
import { fromEvent } from "./event-form-state";
import { SeriesScopeModal } from "./SeriesScopeModal";

/** SPEC §2 Edit Event (/admin/events/{eventId}/edit?returnDate=…): the create form without recurrence. */
export default function EditEventPage() {
  const { eventId = "" } = useParams();
  const [params] = useSearchParams();
  const returnDate = params.get("returnDate");
  const validReturn = returnDate && isDateString(returnDate) ? returnDate : null;
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    ...adminEventQuery(eventId),
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

  const update = useUpdateEvent(eventId);
  // Decision 021: an occurrence of a series asks which occurrences the edit is for before saving.
  const [pending, setPending] = useState<{ input: EventInput; photo: File | null } | null>(null);
  const save = (form: { input: EventInput; photo: File | null }, scope: SeriesScope) => {
    setError(null);
    update.mutate(
      { ...form, scope },
      {
        onSuccess: ({ count }) => {
          setPending(null);
          notifySuccess(count === 1 ? EVENT_FORM_MESSAGES.updated : SERIES_MESSAGES.updated(count));
          navigate(`/admin/events${validReturn ? `?date=${validReturn}` : ""}`);
        },
        onError: (err) => {
          setPending(null);
          const message = errorMessage(err, "Failed to update event");
          setError(message);
          notifyError(message);
        },
      },
    );
  };
  const inSeries = query.data?.event.seriesId != null;

  if (notFound) return <Navigate to="/admin/events" replace />;
  return (
    <WithAdminSidebar enabled>
      <Stack gap="md">
        <Title order={1}>Edit Event</Title>
        {inSeries && query.isFetchedAfterMount && (
          <Text size="sm" c="dimmed">
            This event repeats. When you save, you choose which events in the series change.
          </Text>
        )}
        {!query.isFetchedAfterMount && !query.isError && (
          <Center py="xl">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>Loading event details...</Text>
            </Group>
          </Center>
        )}
        {query.isError && !notFound && (
          <LoadError
            message="Failed to load event details"
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        )}
        {query.data && query.isFetchedAfterMount && (
          <EventForm
            initial={fromEvent(query.data.event)}
            mode="edit"
            eventId={eventId}
            currentPhotoUrl={query.data.event.photoUrl}
            submitting={update.isPending}
            error={error}
            onSubmit={(input, photo) =>
              inSeries ? setPending({ input, photo }) : save({ input, photo }, "one")
            }
          />
        )}
        <SeriesScopeModal
          opened={pending !== null}
          title="Edit recurring event"
          prompt="Each chosen event keeps its own date; a new date here moves them all by as many days."
          confirmLabel="Update Event"
          busy={update.isPending}
          onClose={() => setPending(null)}
          onConfirm={(scope) => pending && save(pending, scope)}
        />
      </Stack>
    </WithAdminSidebar>
  );
}
