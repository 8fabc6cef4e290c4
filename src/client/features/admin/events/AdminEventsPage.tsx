import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { EventDto } from "../../../../contracts/events";
import { SERIES_MESSAGES, type SeriesScope } from "../../../../domain/event-series";
import { WithAdminSidebar } from "../../../components/layout/AppLayout";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { AdminEventsTable } from "./AdminEventsTable";
import { AdminEventsToolbar } from "./AdminEventsToolbar";
import {
  type AdminEventFilters,
  filterAdminEvents,
  parseAdminFilters,
  toSearchParams,
} from "./admin-event-filters";
import { useDeleteEvent } from "./api/delete-event";
import { useAdminEvents } from "./api/get-admin-events";
import { EventDetailModal } from "./EventDetailModal";
import { SeriesScopeModal } from "./SeriesScopeModal";

/** SPEC §2 Admin events list (/admin/events), its filters kept in the URL query. */
export default function AdminEventsPage() {
  const [params, setParams] = useSearchParams();
  // The screen's own copy answers typing and clicks at once; the URL follows it (and a back or
  // forward step in the history brings the URL's filters back).
  const [filters, setFilters] = useState(() => parseAdminFilters(params));
  const urlQuery = params.toString();
  useEffect(() => {
    setFilters((current) =>
      toSearchParams(current).toString() === urlQuery
        ? current
        : parseAdminFilters(new URLSearchParams(urlQuery)),
    );
  }, [urlQuery]);
  const query = useAdminEvents();
  const [viewing, setViewing] = useState<string | null>(null);
  const shown = useMemo(() => filterAdminEvents(query.data?.events ?? [], filters), [query.data, filters]);

  const update = (patch: Partial<AdminEventFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    setParams(toSearchParams(next), { replace: true });
  };

  const remove = useDeleteEvent();
  const [deletingFromSeries, setDeletingFromSeries] = useState<EventDto | null>(null);
  const deleteEvent = (event: EventDto, scope: SeriesScope) =>
    remove.mutate(
      { id: event.id, scope },
      {
        onSuccess: ({ count }) => {
          setDeletingFromSeries(null);
          notifySuccess(SERIES_MESSAGES.deleted(count));
        },
        onError: (err) => notifyError(errorMessage(err, "Failed to delete event")),
      },
    );

  // Decision 021: an occurrence of a series asks which occurrences go; a single event, the spec's question.
  const isInSeries = (event: EventDto) => query.data?.events.find((e) => e.id === event.id)?.seriesId != null;
  const confirmDelete = (event: EventDto) => {
    if (isInSeries(event)) {
      setDeletingFromSeries(event);
      return;
    }
    modals.openConfirmModal({
      title: "Delete event",
      children: <Text size="sm">Are you sure you want to delete this event?</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => deleteEvent(event, "one"),
    });
  };

  const returnDate = filters.date ? `?returnDate=${filters.date}` : "";

  return (
    <WithAdminSidebar enabled>
      <Stack gap="md">
        <Title order={1}>Events</Title>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <AdminEventsToolbar filters={filters} onChange={update} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
          {query.isPending && (
            <Center py="xl">
              <Loader role="status" aria-label="Loading events" />
            </Center>
          )}
          {query.isError && (
            <Alert color="red" title="Failed to load events">
              <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </Alert>
          )}
          {query.data && (
            <AdminEventsTable
              events={shown}
              editHref={(event) => `/admin/events/${event.id}/edit${returnDate}`}
              onView={(event) => setViewing(event.id)}
              onDelete={confirmDelete}
            />
          )}
        </Paper>
      </Stack>
      <EventDetailModal eventId={viewing} onClose={() => setViewing(null)} />
      <SeriesScopeModal
        opened={deletingFromSeries !== null}
        title="Delete recurring event"
        prompt="Are you sure you want to delete this event?"
        confirmLabel="Delete"
        confirmColor="red"
        busy={remove.isPending}
        onClose={() => setDeletingFromSeries(null)}
        onConfirm={(scope) => deletingFromSeries && deleteEvent(deletingFromSeries, scope)}
      />
    </WithAdminSidebar>
  );
}
