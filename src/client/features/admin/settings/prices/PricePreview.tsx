import { Alert, Group, List, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { PriceGridDto, PriceGridResponse } from "../../../../../contracts/rate-card";
import { formatPriceShort } from "../../../../../domain/money";

type Cell = PriceGridDto["rows"][number]["cells"][number];

const cellText = (cell: Cell) =>
  cell ? `${formatPriceShort(cell.memberPriceCents)} / ${formatPriceShort(cell.nonMemberPriceCents)}` : "–";

const sameCell = (a: Cell | undefined, b: Cell | undefined) =>
  (a ?? null) === (b ?? null) ||
  (a != null &&
    b != null &&
    a.memberPriceCents === b.memberPriceCents &&
    a.nonMemberPriceCents === b.nonMemberPriceCents);

function Grid({ title, grid, other }: { title: string; grid: PriceGridDto; other?: PriceGridDto }) {
  const otherCell = (start: string, duration: number) => {
    const row = other?.rows.find((r) => r.startTime === start);
    const at = other?.durations.indexOf(duration) ?? -1;
    return at >= 0 ? row?.cells[at] : null;
  };
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {title}
      </Title>
      <Table.ScrollContainer
        minWidth={120 + grid.durations.length * 110}
        // Nothing in the table takes focus, so the scrolling area itself must (axe scrollable-region-focusable).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": `${title} table` } }}
      >
        <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Start</Table.Th>
              {grid.durations.map((d) => (
                <Table.Th key={d}>{d} min</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.rows.map((row) => (
              <Table.Tr key={row.startTime}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{row.displayTime}</Table.Td>
                {row.cells.map((cell, i) => {
                  const duration = grid.durations[i] ?? 0;
                  const changed = other !== undefined && !sameCell(cell, otherCell(row.startTime, duration));
                  return (
                    <Table.Td
                      key={duration}
                      fw={changed ? 700 : undefined}
                      data-changed={changed || undefined}
                      style={{ whiteSpace: "nowrap" }}
                    >
                      {cellText(cell)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function changedCount(preview: PriceGridResponse): number {
  let n = 0;
  for (const row of preview.proposed.rows) {
    const before = preview.current.rows.find((r) => r.startTime === row.startTime);
    row.cells.forEach((cell, i) => {
      const at = preview.current.durations.indexOf(preview.proposed.durations[i] ?? 0);
      if (!sameCell(cell, at >= 0 ? before?.cells[at] : null)) n++;
    });
  }
  return n;
}

type Props = {
  date: string;
  onDateChange: (date: string) => void;
  preview: PriceGridResponse | undefined;
  loading: boolean;
};

/** A day's prices now and under the draft, side by side, with what would stop the draft from saving. */
export function PricePreview({ date, onDateChange, preview, loading }: Props) {
  const changes = preview ? changedCount(preview) : 0;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label="Compare prices on"
          value={date}
          onChange={(e) => e.currentTarget.value && onDateChange(e.currentTarget.value)}
          w={200}
        />
        {loading && <Loader size="sm" aria-label="Loading the price comparison" />}
      </Group>
      {preview && preview.problems.length > 0 && (
        <Alert color="red" title="These prices cannot be saved yet" role="alert">
          <List size="sm">
            {preview.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview && !preview.open && <Text size="sm">The venue is closed on this day.</Text>}
      {preview?.open && (
        <>
          <Text size="sm" aria-live="polite">
            Member / non-member prices.{" "}
            {changes === 0
              ? "No price changes on this day."
              : `${changes} ${changes === 1 ? "price changes" : "prices change"} on this day (in bold).`}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Grid title="Current prices" grid={preview.current} />
            <Grid title="New prices" grid={preview.proposed} other={preview.current} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
