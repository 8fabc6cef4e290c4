import {
  Alert,
  Button,
  Checkbox,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useCallback, useState } from "react";
import type { EventInput } from "../../../../contracts/events";
import { EVENT_TYPES, requiresCourts } from "../../../../domain/events";
import { notifyError } from "../../../lib/notify";
import { CourtPicker } from "./CourtPicker";
import { checkFormState, type EventFormState, toEventInput } from "./event-form-state";
import { PhotoField } from "./PhotoField";
import { RecurrenceFields } from "./RecurrenceFields";
import { SkillLevelsField } from "./SkillLevelsField";

/** SPEC §2 Create New Event (and Edit Event, without recurrence): two columns of fields. */
export function EventForm({
  initial,
  mode,
  eventId,
  currentPhotoUrl,
  submitting,
  error,
  onSubmit,
}: {
  initial: EventFormState;
  mode: "create" | "edit";
  eventId?: string;
  currentPhotoUrl?: string | null;
  submitting: boolean;
  error: string | null;
  onSubmit: (input: EventInput, photo: File | null) => void;
}) {
  const [state, setState] = useState(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const patch = (p: Partial<EventFormState>) => setState((s) => ({ ...s, ...p }));
  const setCourts = useCallback((courts: number[]) => setState((s) => ({ ...s, courts })), []);
  const recurrence = mode === "create";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkFormState(state, photo, { recurrence });
    setProblem(found);
    if (found) {
      notifyError(found);
      return;
    }
    onSubmit(toEventInput(state, { recurrence }), photo);
  };

  const shownError = problem ?? error;
  return (
    <form onSubmit={submit} noValidate aria-label={mode === "create" ? "Create New Event" : "Edit Event"}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <Stack gap="sm">
              <TextInput
                label="Event Name"
                required
                value={state.name}
                onChange={(e) => patch({ name: e.currentTarget.value })}
              />
              <Textarea
                label="Description"
                autosize
                minRows={3}
                value={state.description}
                onChange={(e) => patch({ description: e.currentTarget.value })}
              />
              <PhotoField file={photo} currentUrl={currentPhotoUrl} onChange={setPhoto} />
              <Select
                label="Event Type"
                data={EVENT_TYPES.map((t) => ({ value: t.code, label: t.label }))}
                value={state.type}
                onChange={(v) => v && patch({ type: v as EventFormState["type"] })}
                allowDeselect={false}
              />
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  label="Date"
                  type="date"
                  required
                  value={state.date}
                  onChange={(e) => patch({ date: e.currentTarget.value })}
                />
                <NumberInput
                  label="Maximum Participants"
                  required
                  min={1}
                  allowDecimal={false}
                  value={state.maxParticipants}
                  onChange={(v) => patch({ maxParticipants: v })}
                />
                <TextInput
                  label="Start Time"
                  type="time"
                  required
                  step={900}
                  value={state.startTime}
                  onChange={(e) => patch({ startTime: e.currentTarget.value })}
                />
                <TextInput
                  label="End Time"
                  type="time"
                  required
                  step={900}
                  value={state.endTime}
                  onChange={(e) => patch({ endTime: e.currentTarget.value })}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <Stack gap="sm">
              <CourtPicker
                date={state.date}
                startTime={state.startTime}
                endTime={state.endTime}
                excludeEventId={eventId}
                required={requiresCourts(state.type)}
                selected={state.courts}
                onChange={setCourts}
              />
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="Member Price"
                  leftSection="$"
                  min={0}
                  step={0.01}
                  decimalScale={2}
                  value={state.memberPrice}
                  onChange={(v) => patch({ memberPrice: v })}
                />
                <NumberInput
                  label="Non-Member Price"
                  leftSection="$"
                  min={0}
                  step={0.01}
                  decimalScale={2}
                  value={state.nonMemberPrice}
                  onChange={(v) => patch({ nonMemberPrice: v })}
                />
              </SimpleGrid>
              <SkillLevelsField
                enabled={state.addSkillLevels}
                levels={state.skillLevels}
                onChange={({ enabled, levels }) => patch({ addSkillLevels: enabled, skillLevels: levels })}
              />
              <Checkbox
                label="Partnered Event"
                checked={state.isPartnered}
                onChange={(e) => patch({ isPartnered: e.currentTarget.checked })}
              />
              <Checkbox
                label="Private Event"
                checked={state.isPrivate}
                onChange={(e) => patch({ isPrivate: e.currentTarget.checked })}
              />
              <Checkbox
                label="Hide Participant List"
                checked={state.hideParticipants}
                onChange={(e) => patch({ hideParticipants: e.currentTarget.checked })}
              />
              {recurrence && <RecurrenceFields state={state} onChange={patch} />}
            </Stack>
          </Paper>
        </SimpleGrid>
        {shownError && (
          <Alert color="red" role="alert">
            {shownError}
          </Alert>
        )}
        <Button type="submit" size="md" disabled={submitting}>
          {mode === "create"
            ? submitting
              ? "Creating Event..."
              : "Create Event"
            : submitting
              ? "Updating Event..."
              : "Update Event"}
        </Button>
      </Stack>
    </form>
  );
}
