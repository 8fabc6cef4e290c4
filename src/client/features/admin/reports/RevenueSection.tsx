import { BarChart } from "@mantine/charts";
import { Box, SimpleGrid, Stack, Text } from "@mantine/core";
import type { RevenueReport } from "../../../../contracts/reports";
import { formatCents } from "../../../../domain/money";
import {
  percentChange,
  REVENUE_STREAM_LABELS,
  REVENUE_STREAMS,
  type ReportRange,
} from "../../../../domain/reports";
import { useRevenueReport } from "./api/get-revenue-report";
import { ReportFrame } from "./ReportFrame";
import { RevenueTables } from "./RevenueTables";
import { reportDate } from "./report-date";

const COLORS = {
  courts: "teal.7",
  dartBays: "indigo.6",
  events: "orange.7",
  memberships: "grape.6",
  desk: "gray.7",
} as const;

/** "+12% on the period before", or why there is no percentage. */
function changeText(current: number, previous: number): string {
  const change = percentChange(current, previous);
  if (change === null)
    return previous === current ? "Same as the period before" : "Nothing in the period before";
  return `${change >= 0 ? "+" : ""}${change}% on the period before (${formatCents(previous)})`;
}

/** Issue 33 item 3: revenue by day and stream, as a chart and as tables with the same figures. */
export function RevenueSection({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const query = useRevenueReport(range, enabled);
  return (
    <ReportFrame id="revenue" title="Revenue" query={query} enabled={enabled} placeholderHeight={240}>
      {(report) => <RevenueBody report={report} />}
    </ReportFrame>
  );
}

function RevenueBody({ report }: { report: RevenueReport }) {
  const { totals, previousTotals } = report;
  const data = report.days.map((d) => ({
    day: reportDate(d.date),
    ...Object.fromEntries(REVENUE_STREAMS.map((s) => [s, d[s] / 100])),
  }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Net revenue, {reportDate(report.range.from)} to {reportDate(report.range.to)}
          </Text>
          <Text fz={28} fw={700} data-testid="revenue-total">
            {formatCents(totals.totalCents)}
          </Text>
          <Text size="sm">{changeText(totals.totalCents, previousTotals.totalCents)}</Text>
        </Stack>
      </SimpleGrid>
      <Box
        role="img"
        aria-label="Chart of revenue by day, stacked by stream. The same figures are in the table by day below."
      >
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          type="stacked"
          withLegend
          valueFormatter={(dollars) => formatCents(Math.round(dollars * 100))}
          barChartProps={{ accessibilityLayer: false }}
          series={REVENUE_STREAMS.map((s) => ({
            name: s,
            label: REVENUE_STREAM_LABELS[s],
            color: COLORS[s],
          }))}
        />
      </Box>
      <RevenueTables report={report} />
    </Stack>
  );
}
