import { Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EVENT_FORM_MESSAGES } from "../../../../domain/event-form";
import { isDateString } from "../../../../domain/venue-time";
import { WithAdminSidebar } from "../../../components/layout/AppLayout";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCreateEvent } from "./api/create-event";
import { EventForm } from "./EventForm";
import { initialFormState } from "./event-form-state";

/** SPEC §2 Create New Event (/create-event?returnDate=…); admins only, on the server too. */
export default function CreateEventPage() {
  const [params] = useSearchParams();
  const returnDate = params.get("returnDate");
  const validReturn = returnDate && isDateString(returnDate) ? returnDate : null;
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateEvent();
  return (
    <WithAdminSidebar enabled>
      <Stack gap="md">
        <Title order={1}>Create New Event</Title>
        <EventForm
          initial={initialFormState(validReturn ?? "")}
          mode="create"
          submitting={create.isPending}
          error={error}
          onSubmit={(input, photo) => {
            setError(null);
            create.mutate(
              { input, photo },
              {
                onSuccess: (result) => {
                  notifySuccess(EVENT_FORM_MESSAGES.created(result.count));
                  navigate(`/admin/events${validReturn ? `?date=${validReturn}` : ""}`, { replace: true });
                },
                onError: (err) => {
                  const message = errorMessage(err, "Failed to create event");
                  setError(message);
                  notifyError(message);
                },
              },
            );
          }}
        />
      </Stack>
    </WithAdminSidebar>
  );
}
