import { Box, Table } from "@mantine/core";
import type { FacilityUse } from "../../../../contracts/reports";
import {
  hourLabel,
  shownHours,
  utilisationPercent,
  WEEKDAY_NAMES,
  WEEKDAY_ORDER,
} from "../../../../domain/utilisation";

/** A cell's shade: deeper with use; dark text stays readable on every shade (AA). */
const shade = (percent: number | null) =>
  percent === null ? undefined : `rgba(12, 166, 120, ${(Math.min(percent, 100) / 100) * 0.55})`;

/**
 * The heat map is itself a table (weekdays by hours, each cell its percentage), so the chart and
 * its accessible form are one: a screen reader reads the cells with their row and column headers.
 */
export function UtilisationHeatMap({ use }: { use: FacilityUse }) {
  const hours = shownHours(use.open, use.booked);
  return (
    <Box role="region" aria-label={`Heat map of ${use.name}`} tabIndex={0} style={{ overflowX: "auto" }}>
      <Table withTableBorder withColumnBorders fz="xs" data-testid="utilisation-heat-map">
        <Table.Caption>{use.name}: booked minutes over open minutes, by weekday and hour</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {hours.map((h) => (
              <Table.Th key={h} scope="col" ta="center">
                {hourLabel(h)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WEEKDAY_ORDER.map((d) => (
            <Table.Tr key={d}>
              <Table.Th scope="row">{WEEKDAY_NAMES[d]}</Table.Th>
              {hours.map((h) => {
                const p = utilisationPercent(use.booked[d]?.[h] ?? 0, use.open[d]?.[h] ?? 0);
                return (
                  <Table.Td key={h} ta="center" c="dark.9" style={{ background: shade(p) }}>
                    {p === null ? "–" : `${p}%`}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
