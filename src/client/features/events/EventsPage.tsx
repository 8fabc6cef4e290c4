import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { PageLoader, WithAdminSidebar } from "../../components/layout/AppLayout";
import { useSession } from "../../lib/session";
import { EventsListView } from "./EventsListView";

// /events/{eventId} has its own chunk (the registration form, payment and dialogs): the list does
// not download it.
const EventDetailView = lazy(() => import("./EventDetailView").then((m) => ({ default: m.EventDetailView })));

/** SPEC §2 Events (/events and /events/{eventId}, the same screen); an admin sees the side bar. */
export default function EventsPage() {
  const { eventId } = useParams();
  const { isAdmin } = useSession();
  return (
    <WithAdminSidebar enabled={isAdmin}>
      {/* A boundary of its own per screen, so going from the list to an event shows the loader
          while the detail's chunk arrives instead of keeping the list on screen. */}
      <Suspense key={eventId ?? "list"} fallback={<PageLoader />}>
        {eventId ? <EventDetailView key={eventId} eventId={eventId} /> : <EventsListView />}
      </Suspense>
    </WithAdminSidebar>
  );
}
