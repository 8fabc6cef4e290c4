import { Anchor, Button, Group, Modal, Stack } from "@mantine/core";
import { EventFilterControls } from "./EventFilterControls";
import { type EventFilters, NO_FILTERS } from "./event-filters";

/**
 * The phone's "Filter events" dialog. A chunk of its own, fetched when the filter button is first
 * tapped: a dialog's machinery is not part of the events page's first load.
 */
export default function EventFiltersModal(props: {
  opened: boolean;
  onClose: () => void;
  draft: EventFilters;
  onDraftChange: (draft: EventFilters) => void;
  onApply: () => void;
}) {
  const { draft, onDraftChange } = props;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Filter events" fullScreen={false} centered>
      <Stack>
        <EventFilterControls filters={draft} onChange={onDraftChange} />
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onDraftChange({ ...NO_FILTERS, search: draft.search })}
          >
            Clear All Filters
          </Anchor>
          <Button onClick={props.onApply}>Apply Filters</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
