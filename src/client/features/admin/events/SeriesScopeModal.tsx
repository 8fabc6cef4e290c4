import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { SERIES_SCOPE_LABELS, SERIES_SCOPES, type SeriesScope } from "../../../../domain/event-series";

type Props = {
  opened: boolean;
  title: string;
  /** The question above the choices ("Are you sure you want to delete this event?"). */
  prompt?: string;
  confirmLabel: string;
  confirmColor?: string;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (scope: SeriesScope) => void;
};

/**
 * Decision 021: editing or deleting an occurrence of a series asks which occurrences it is for, as
 * calendar apps do: this event, this and following events, or all events in the series.
 */
export function SeriesScopeModal({
  opened,
  title,
  prompt,
  confirmLabel,
  confirmColor,
  busy = false,
  onClose,
  onConfirm,
}: Props) {
  const [scope, setScope] = useState<SeriesScope>("one");
  useEffect(() => {
    if (opened) setScope("one");
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {prompt && <Text size="sm">{prompt}</Text>}
        <Radio.Group
          value={scope}
          onChange={(value) => setScope(value as SeriesScope)}
          label="This event repeats. Apply to:"
        >
          <Stack gap="xs" mt="xs">
            {SERIES_SCOPES.map((s) => (
              <Radio key={s} value={s} label={SERIES_SCOPE_LABELS[s]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={busy} onClick={() => onConfirm(scope)}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
