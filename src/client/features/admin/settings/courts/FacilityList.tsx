import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { VenueFacility } from "../../../../../contracts/venue";
import type { FacilityType } from "../../../../../domain/durations";
import { ApiError, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useAddFacility, useReorderFacilities, useUpdateFacility } from "../api/change-facilities";
import { DeactivateDialog } from "./DeactivateDialog";

const NOUN: Record<FacilityType, string> = { court: "court", dart_bay: "dart bay" };

function FacilityRow({
  type,
  facility,
  index,
  count,
  onMove,
}: {
  type: FacilityType;
  facility: VenueFacility;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const update = useUpdateFacility();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState(false);
  const change = (body: { name?: string; isActive?: boolean }, done: string) =>
    update.mutate(
      { type, id: facility.id, body },
      {
        onSuccess: () => {
          setRenaming(null);
          setError(null);
          notifySuccess(done);
        },
        onError: (err) => {
          const message = errorMessage(err, "Failed to save");
          setError(message);
          if (!(err instanceof ApiError && err.field === "name")) notifyError(message);
        },
      },
    );
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="facility-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          {renaming === null ? (
            <Group gap="xs">
              <Text fw={700}>{facility.name}</Text>
              {!facility.isActive && <Badge color="gray">Inactive</Badge>}
              {facility.upcoming > 0 && (
                <Text size="xs" c="dimmed">
                  {facility.upcoming} upcoming
                </Text>
              )}
            </Group>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                change({ name: renaming }, "Name saved");
              }}
              style={{ flex: "1 1 200px" }}
            >
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={`New name for ${facility.name}`}
                  value={renaming}
                  onChange={(e) => setRenaming(e.currentTarget.value)}
                  error={error}
                  style={{ flex: 1 }}
                />
                <Button type="submit" size="sm" loading={update.isPending}>
                  Save
                </Button>
                <Button size="sm" variant="default" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
              </Group>
            </form>
          )}
          {renaming === null && (
            <Group gap={4}>
              <ActionIcon
                variant="default"
                aria-label={`Move ${facility.name} up`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Move ${facility.name} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                ↓
              </ActionIcon>
              <Button size="xs" variant="default" onClick={() => setRenaming(facility.name)}>
                Rename
              </Button>
              <Button
                size="xs"
                variant={facility.isActive ? "default" : "filled"}
                loading={update.isPending}
                onClick={() =>
                  facility.isActive && facility.upcoming > 0
                    ? setDeactivating(true)
                    : change(
                        { isActive: !facility.isActive },
                        facility.isActive ? `${facility.name} deactivated` : `${facility.name} reactivated`,
                      )
                }
              >
                {facility.isActive ? "Deactivate" : "Reactivate"}
              </Button>
            </Group>
          )}
        </Group>
        {deactivating && (
          <DeactivateDialog type={type} facility={facility} onClose={() => setDeactivating(false)} />
        )}
        {renaming === null && error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AddFacility({ type }: { type: FacilityType }) {
  const add = useAddFacility();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { facilityType: type, name },
          {
            onSuccess: () => {
              notifySuccess(`${name.trim()} added`);
              setName("");
              setError(null);
            },
            onError: (err) => setError(errorMessage(err, "Failed to add")),
          },
        );
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          label={`New ${NOUN[type]}'s name`}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: "1 1 200px" }}
        />
        <Button type="submit" loading={add.isPending}>
          {type === "court" ? "Add Court" : "Add Dart Bay"}
        </Button>
      </Group>
    </form>
  );
}

/** One kind of facility: its list in the venue's order, each row's actions, and the add form. */
export function FacilityList({
  type,
  title,
  facilities,
}: {
  type: FacilityType;
  title: string;
  facilities: VenueFacility[];
}) {
  const reorder = useReorderFacilities();
  const move = (from: number, to: number) => {
    const ids = facilities.map((f) => f.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(
      { type, ids },
      { onError: (err) => notifyError(errorMessage(err, "Failed to save the order")) },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${type}-list`}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${type}-list`}>
          {title}
        </Title>
        {facilities.map((f, i) => (
          <FacilityRow
            key={f.id}
            type={type}
            facility={f}
            index={i}
            count={facilities.length}
            onMove={move}
          />
        ))}
        <AddFacility type={type} />
      </Stack>
    </Paper>
  );
}
