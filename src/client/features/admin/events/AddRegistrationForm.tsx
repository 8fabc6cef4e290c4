import {
  Alert,
  Button,
  Checkbox,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { EventDto } from "../../../../contracts/events";
import { checkAdminRegistrationForm } from "../../../../domain/event-registration";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useAddRegistration } from "./api/add-registration";

const EMPTY = {
  customerName: "",
  customerEmail: "",
  customerPhone: "",
  playerNames: "",
  skillLevel: null as string | null,
  isMember: false,
};

/** SPEC §2 "Add Registration" and §5 Admin add registration: confirmed and paid at once. */
export function AddRegistrationForm({ event }: { event: EventDto }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const add = useAddRegistration(event.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAdminRegistrationForm(form);
    setError(problem);
    if (problem) notifyError(problem);
    else
      add.mutate(
        { ...form, skillLevel: form.skillLevel ?? "" },
        {
          onSuccess: () => {
            notifySuccess("Registration added successfully");
            setForm(EMPTY);
          },
          onError: (err) => {
            const message = errorMessage(err, "Failed to add registration");
            setError(message);
            notifyError(message);
          },
        },
      );
  };
  const set =
    (field: "customerName" | "customerEmail" | "customerPhone" | "playerNames") =>
    (e: { currentTarget: { value: string } }) =>
      setForm({ ...form, [field]: e.currentTarget.value });

  return (
    <form onSubmit={submit} noValidate aria-label="Add Registration">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add Registration
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required value={form.customerName} onChange={set("customerName")} />
          <TextInput
            label="Email"
            type="email"
            required
            value={form.customerEmail}
            onChange={set("customerEmail")}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            value={form.customerPhone}
            onChange={set("customerPhone")}
          />
          {event.skillLevels.length > 0 && (
            <Select
              label="Skill Level"
              placeholder="Select a skill level"
              data={event.skillLevels}
              value={form.skillLevel}
              onChange={(value) => setForm({ ...form, skillLevel: value })}
              clearable
              comboboxProps={{ zIndex: 400 }}
            />
          )}
        </SimpleGrid>
        {event.isPartnered && (
          <Textarea
            label="Player Names"
            placeholder="Enter player names, one per line"
            autosize
            minRows={2}
            value={form.playerNames}
            onChange={set("playerNames")}
          />
        )}
        <Checkbox
          label="Is Member"
          checked={form.isMember}
          onChange={(e) => setForm({ ...form, isMember: e.currentTarget.checked })}
        />
        {error && (
          <Alert color="red" p="xs" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={add.isPending} w={{ base: "100%", sm: "auto" }}>
          {add.isPending ? "Adding..." : "Add Registration"}
        </Button>
      </Stack>
    </form>
  );
}
