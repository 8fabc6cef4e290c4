import { Table } from "@mantine/core";
import type { BookingsReport, ChannelCounts } from "../../../../contracts/reports";
import { BOOKING_CHANNEL_LABELS, noShowPercent, type ReportRange } from "../../../../domain/reports";
import { useBookingsReport } from "./api/get-bookings-report";
import { ReportFrame } from "./ReportFrame";
import { ScrollTable } from "./ScrollTable";

const sum = (rows: ChannelCounts[], key: keyof Omit<ChannelCounts, "channel">) =>
  rows.reduce((n, r) => n + r[key], 0);
const rate = (noShows: number, started: number) => {
  const p = noShowPercent(noShows, started);
  return p === null ? "None started" : `${p}%`;
};

/** Issue 33 item 3: bookings by channel and the no-show rate, against the period before. */
export function BookingsSection({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const query = useBookingsReport(range, enabled);
  return (
    <ReportFrame
      id="bookings"
      title="Bookings and no-shows"
      query={query}
      enabled={enabled}
      placeholderHeight={160}
    >
      {(report) => <BookingsTable report={report} />}
    </ReportFrame>
  );
}

function BookingsTable({ report }: { report: BookingsReport }) {
  const { channels, previousChannels } = report;
  const before = (channel: string) => previousChannels.find((p) => p.channel === channel);
  return (
    <ScrollTable label="Bookings by channel, with the period before in brackets">
      <Table miw={520} striped data-testid="bookings-table">
        <Table.Caption>Bookings by channel, with the period before in brackets</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Channel</Table.Th>
            <Table.Th scope="col" ta="right">
              Bookings
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Cancelled
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Checked in
            </Table.Th>
            <Table.Th scope="col" ta="right">
              No-show rate
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => (
            <Table.Tr key={c.channel}>
              <Table.Th scope="row">{BOOKING_CHANNEL_LABELS[c.channel]}</Table.Th>
              <Table.Td ta="right">
                {c.bookings} ({before(c.channel)?.bookings ?? 0})
              </Table.Td>
              <Table.Td ta="right">
                {c.cancelled} ({before(c.channel)?.cancelled ?? 0})
              </Table.Td>
              <Table.Td ta="right">{c.checkedIn}</Table.Td>
              <Table.Td ta="right">{rate(c.noShows, c.started)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">All channels</Table.Th>
            <Table.Td ta="right" fw={700}>
              {sum(channels, "bookings")} ({sum(previousChannels, "bookings")})
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {sum(channels, "cancelled")} ({sum(previousChannels, "cancelled")})
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {sum(channels, "checkedIn")}
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="no-show-rate">
              {rate(sum(channels, "noShows"), sum(channels, "started"))} (
              {rate(sum(previousChannels, "noShows"), sum(previousChannels, "started"))})
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
