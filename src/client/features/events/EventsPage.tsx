import { useParams } from "react-router";
import { WithAdminSidebar } from "../../components/layout/AppLayout";
import { useSession } from "../../lib/session";
import { EventDetailView } from "./EventDetailView";
import { EventsListView } from "./EventsListView";

/** SPEC §2 Events (/events and /events/{eventId}, the same screen); an admin sees the side bar. */
export default function EventsPage() {
  const { eventId } = useParams();
  const { isAdmin } = useSession();
  return (
    <WithAdminSidebar enabled={isAdmin}>
      {eventId ? <EventDetailView key={eventId} eventId={eventId} /> : <EventsListView />}
    </WithAdminSidebar>
  );
}
