import { Box, Table } from "@mantine/core";
import type { RevenueReport } from "../../../../contracts/reports";
import { formatCents } from "../../../../domain/money";
import { REVENUE_STREAM_LABELS, REVENUE_STREAMS } from "../../../../domain/reports";
import { reportDate } from "./report-date";
import { ScrollTable } from "./ScrollTable";

/** The chart's figures as tables: each stream against the period before, then every day. */
export function RevenueTables({ report }: { report: RevenueReport }) {
  const { totals, previousTotals } = report;
  return (
    <>
      <ScrollTable label="Revenue by stream, this period and the period before">
        <Table miw={420} striped>
          <Table.Caption>Revenue by stream, this period and the period before</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Stream</Table.Th>
              <Table.Th scope="col" ta="right">
                {reportDate(report.range.from)} – {reportDate(report.range.to)}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {reportDate(report.previousRange.from)} – {reportDate(report.previousRange.to)}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {REVENUE_STREAMS.map((s) => (
              <Table.Tr key={s}>
                <Table.Th scope="row">{REVENUE_STREAM_LABELS[s]}</Table.Th>
                <Table.Td ta="right">{formatCents(totals[s])}</Table.Td>
                <Table.Td ta="right">{formatCents(previousTotals[s])}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatCents(totals.totalCents)}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatCents(previousTotals.totalCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Box role="region" aria-label="Revenue by day" tabIndex={0} mah={420} style={{ overflow: "auto" }}>
        <Table miw={720} striped stickyHeader data-testid="revenue-days">
          <Table.Caption>Revenue by day</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              {REVENUE_STREAMS.map((s) => (
                <Table.Th key={s} scope="col" ta="right">
                  {REVENUE_STREAM_LABELS[s]}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Th scope="row">{reportDate(d.date)}</Table.Th>
                {REVENUE_STREAMS.map((s) => (
                  <Table.Td key={s} ta="right">
                    {formatCents(d[s])}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{formatCents(d.totalCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
