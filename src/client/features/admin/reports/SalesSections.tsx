import { Table, Text } from "@mantine/core";
import type {
  CouponsReport,
  CustomersReport,
  EventsReport,
  MembersReport,
} from "../../../../contracts/reports";
import { formatCents } from "../../../../domain/money";
import type { ReportRange } from "../../../../domain/reports";
import { useReport } from "./api/get-report";
import { ReportFrame } from "./ReportFrame";
import { reportDate } from "./report-date";
import { ScrollTable } from "./ScrollTable";

type Props = { range: ReportRange; enabled: boolean };
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");

/** Members now (active, frozen, monthly recurring revenue) and joins and cancellations in the range. */
export function MembersSection({ range, enabled }: Props) {
  const query = useReport<MembersReport>("members", range, enabled);
  return (
    <ReportFrame id="members" title="Members" query={query} enabled={enabled}>
      {(r) => (
        <Table striped data-testid="members-table">
          <Table.Caption>Members: now, and in this period (the period before in brackets)</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Active members now</Table.Th>
              <Table.Td ta="right">{r.active}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Frozen now</Table.Th>
              <Table.Td ta="right">{r.frozen}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Monthly recurring revenue now</Table.Th>
              <Table.Td ta="right">{formatCents(r.mrrCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">New memberships</Table.Th>
              <Table.Td ta="right">
                {r.newMembers} ({r.previousNewMembers})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Memberships set to end</Table.Th>
              <Table.Td ta="right">
                {r.cancelled} ({r.previousCancelled})
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </ReportFrame>
  );
}

/** Coupon codes used in payments taken in the range, and the discount each gave. */
export function CouponsSection({ range, enabled }: Props) {
  const query = useReport<CouponsReport>("coupons", range, enabled);
  return (
    <ReportFrame id="coupons" title="Coupons" query={query} enabled={enabled}>
      {(r) => (
        <>
          <Table striped data-testid="coupons-table">
            <Table.Caption>Coupon use and the discount given in this period</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col" ta="right">
                  Uses
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Discount given
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.coupons.map((c) => (
                <Table.Tr key={c.code}>
                  <Table.Th scope="row">{c.code}</Table.Th>
                  <Table.Td ta="right">{c.uses}</Table.Td>
                  <Table.Td ta="right">{formatCents(c.discountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {r.coupons.length === 0 && <Text size="sm">No coupon was used in this period.</Text>}
          <Text size="sm" c="dimmed">
            The period before: {r.previous.uses} uses, {formatCents(r.previous.discountCents)} given.
          </Text>
        </>
      )}
    </ReportFrame>
  );
}

/** Each event in the range with its places taken. */
export function EventsSection({ range, enabled }: Props) {
  const query = useReport<EventsReport>("events", range, enabled);
  return (
    <ReportFrame id="events" title="Event fill rates" query={query} enabled={enabled}>
      {(r) => {
        const registered = r.events.reduce((t, e) => t + e.registered, 0);
        const places = r.events.reduce((t, e) => t + e.maxParticipants, 0);
        return (
          <>
            <Text size="sm">
              {percent(registered, places)} of places taken ({registered} of {places}); the period before{" "}
              {percent(r.previous.registered, r.previous.places)}.
            </Text>
            <ScrollTable label="Events in this period and how full they are">
              <Table miw={420} striped data-testid="events-table">
                <Table.Caption>Events in this period and how full they are</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Event</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Registered
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Fill rate
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.events.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Th scope="row">{e.name}</Table.Th>
                      <Table.Td>{reportDate(e.date)}</Table.Td>
                      <Table.Td ta="right">
                        {e.registered} of {e.maxParticipants}
                      </Table.Td>
                      <Table.Td ta="right">{percent(e.registered, e.maxParticipants)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </>
        );
      }}
    </ReportFrame>
  );
}

/** The ten who paid the most in the range. */
export function CustomersSection({ range, enabled }: Props) {
  const query = useReport<CustomersReport>("customers", range, enabled);
  return (
    <ReportFrame id="customers" title="Top customers" query={query} enabled={enabled}>
      {(r) => (
        <ScrollTable label="The ten customers who paid the most in this period, net of refunds">
          <Table miw={420} striped data-testid="customers-table">
            <Table.Caption>The ten customers who paid the most in this period, net of refunds</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col" ta="right">
                  Payments
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Paid
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.customers.map((c) => (
                <Table.Tr key={c.email}>
                  <Table.Th scope="row">{c.email}</Table.Th>
                  <Table.Td ta="right">{c.payments}</Table.Td>
                  <Table.Td ta="right">{formatCents(c.netCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </ReportFrame>
  );
}
