import "@mantine/charts/styles.css";
import { Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { defaultReportRange, MAX_REPORT_YEARS, reportRangeProblem } from "../../../../domain/reports";
import { venueToday } from "../../../../domain/venue-time";
import { AdminScreen } from "../shared/AdminScreen";
import { RangeFields } from "../shared/RangeFields";
import { BookingsSection } from "./BookingsSection";
import { RevenueSection } from "./RevenueSection";
import { CouponsSection, CustomersSection, EventsSection, MembersSection } from "./SalesSections";
import { UtilisationSection } from "./UtilisationSection";

/**
 * Issue 33 item 3: the owner's reports for a date range of the venue's calendar (the last 30 days
 * at first), each compared with the period before. Managers and the owner; the server decides.
 * Its own chunk (router.tsx), charts included, so no public page carries the charting library.
 */
export default function ReportsPage() {
  const [initial] = useState(() => defaultReportRange(venueToday(new Date())));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const problem = reportRangeProblem(from, to);

  return (
    <AdminScreen>
      <Stack gap="md">
        <Title order={1} size="h2">
          Reports
        </Title>
        <Text c="dimmed" size="sm">
          Figures for a date range of up to {MAX_REPORT_YEARS} years in the venue's time, compared with the
          period of the same length just before it. Amounts are net of discounts and refunds.
        </Text>
        <RangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} problem={problem} />
        <RevenueSection range={{ from, to }} enabled={!problem} />
        <UtilisationSection range={{ from, to }} enabled={!problem} />
        <BookingsSection range={{ from, to }} enabled={!problem} />
        <MembersSection range={{ from, to }} enabled={!problem} />
        <CouponsSection range={{ from, to }} enabled={!problem} />
        <EventsSection range={{ from, to }} enabled={!problem} />
        <CustomersSection range={{ from, to }} enabled={!problem} />
      </Stack>
    </AdminScreen>
  );
}
