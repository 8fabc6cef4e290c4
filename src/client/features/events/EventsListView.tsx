import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import { EVENTS_HERO } from "../../../contracts/landing-heroes";
import { formatEventLongDate } from "../../../domain/events";
import { Skeleton } from "../../components/Skeleton";
import { VenueHero } from "../../components/VenueHero";
import { useSession } from "../../lib/session";
import { useEvents } from "./api/get-events";
import { EventCard } from "./EventCard";
import { EventFilterControls } from "./EventFilterControls";
import {
  calendarDays,
  type EventFilters,
  emptyMessage,
  filterEvents,
  hasFilters,
  NO_FILTERS,
} from "./event-filters";
import classes from "./events.module.css";

// Shown on demand (the calendar view, the phone's filter dialog): fetched then, not with the page.
const CalendarStrip = lazy(() => import("./CalendarStrip").then((m) => ({ default: m.CalendarStrip })));
const EventFiltersModal = lazy(() => import("./EventFiltersModal"));

type View = "list" | "calendar";

const NO_EVENTS: never[] = [];
/**
 * The answer arrives through TanStack Query's store, whose updates React renders in one
 * uninterruptible task: forty cards at once were a task of over a second on a slowed phone
 * (Lighthouse's Total Blocking Time). So the list renders in the background, in slices
 * (useDeferredValue); after a new search or filter the first cards show at once, the rest follow.
 */
const FIRST_CARDS = 4;

/** SPEC §2 Events list: "Upcoming Events", list or 30-day calendar, search, chips, empty messages. */
export function EventsListView() {
  const { user } = useSession();
  const query = useEvents(user?.id ?? null);
  const [view, setView] = useState<View>("list");
  const [filters, setFilters] = useState<EventFilters>(NO_FILTERS);
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const [filtersOpen, { open: openFilters, close: closeFilters }] = useDisclosure(false);
  const [draft, setDraft] = useState<EventFilters>(NO_FILTERS);
  // The filter dialog's code is fetched at the first tap on "Filters", then stays mounted.
  const [filtersLoaded, setFiltersLoaded] = useState(false);

  const events = query.data?.events ?? NO_EVENTS;
  const shown = useMemo(() => filterEvents(events, filters, new Date()), [events, filters]);
  // Until the background render with every card is done, the first few show (useDeferredValue's
  // render is interruptible; a new search or filter restarts it).
  const deferredShown = useDeferredValue(shown);
  const cards = deferredShown === shown ? shown : shown.slice(0, FIRST_CARDS);
  // The first answer: the loader stays until the background render of the whole list is done.
  const ready = useDeferredValue(query.data !== undefined);
  const listed = query.data !== undefined && ready;
  const days = useMemo(() => (query.data ? calendarDays(query.data.today) : []), [query.data]);
  const counts = useMemo(() => {
    const byDay = new Map<string, number>();
    for (const e of filterEvents(events, { ...filters, day: null }, new Date())) {
      byDay.set(e.date, (byDay.get(e.date) ?? 0) + 1);
    }
    return byDay;
  }, [events, filters]);
  const activeCount = (filters.range !== "all" ? 1 : 0) + (filters.type ? 1 : 0);

  const changeView = (next: View) => {
    setView(next);
    if (next === "list") setFilters((f) => ({ ...f, day: null }));
  };

  return (
    <Stack gap="md">
      <VenueHero hero={EVENTS_HERO}>
        <SegmentedControl
          value={view}
          onChange={(v) => changeView(v as View)}
          data={[
            { value: "list", label: "List" },
            { value: "calendar", label: "Calendar" },
          ]}
          aria-label="View"
        />
      </VenueHero>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="Search events"
              placeholder="Search by name..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filters.search}
              onChange={(e) => setFilters({ ...filters, search: e.currentTarget.value })}
            />
            {isPhone && (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                onClick={() => {
                  setDraft(filters);
                  setFiltersLoaded(true);
                  openFilters();
                }}
                rightSection={activeCount > 0 ? <Badge size="sm">{activeCount}</Badge> : undefined}
              >
                Filters
              </Button>
            )}
          </Group>
          {!isPhone && <EventFilterControls filters={filters} onChange={setFilters} />}
          {hasFilters(filters) && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              w="fit-content"
              onClick={() => setFilters(NO_FILTERS)}
            >
              Clear All Filters
            </Anchor>
          )}
        </Stack>
      </Paper>

      {filtersLoaded && (
        <Suspense fallback={null}>
          <EventFiltersModal
            opened={filtersOpen}
            onClose={closeFilters}
            draft={draft}
            onDraftChange={setDraft}
            onApply={() => {
              setFilters({ ...draft, search: filters.search, day: filters.day });
              closeFilters();
            }}
          />
        </Suspense>
      )}

      {view === "calendar" && query.data && (
        <Suspense fallback={null}>
          <CalendarStrip
            days={days}
            counts={counts}
            selected={filters.day}
            onSelect={(day) => setFilters({ ...filters, day })}
          />
        </Suspense>
      )}

      {(query.isPending || (query.data && !ready)) && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading events">
          {[0, 1, 2].map((n) => (
            <div key={n} className={classes.skeletonCard}>
              <Skeleton />
              <Skeleton style={{ width: "30%" }} />
              <Skeleton style={{ width: "75%", height: 20 }} />
              <Skeleton style={{ width: "55%" }} />
            </div>
          ))}
        </SimpleGrid>
      )}
      {query.isError && (
        <Alert color="red" title="Failed to load events">
          <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {listed && shown.length === 0 && (
        <Paper withBorder radius="md" p="xl" className={classes.empty}>
          <IconCalendarEvent size={40} stroke={1.5} aria-hidden />
          <Text size="lg" fw={600} role="status">
            {emptyMessage(filters, filters.day ? formatEventLongDate(filters.day) : undefined)}
          </Text>
          {hasFilters(filters) ? (
            <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
              Show All Events
            </Button>
          ) : (
            <>
              <Text c="dimmed">New events are added every week. In the meantime, the courts are open.</Text>
              <Button component={Link} to="/book">
                Book a Court or Dart Bay
              </Button>
            </>
          )}
        </Paper>
      )}
      {listed && shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards.map((event, index) => (
            <EventCard key={event.id} event={event} eager={index < 3} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
