import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import {
  EXPORT_KINDS,
  EXPORT_LABELS,
  type ExportKind,
  exportFileName,
  exportRangeProblem,
  MAX_EXPORT_YEARS,
} from "../../../../domain/csv-export";
import { addDaysToDate, venueToday } from "../../../../domain/venue-time";
import { AdminScreen } from "../shared/AdminScreen";
import { RangeFields } from "../shared/RangeFields";
import { exportDownloadUrl } from "./api/export-download";

const DESCRIPTIONS: Record<ExportKind, string> = {
  bookings: "Court and dart bay bookings dated in the range, confirmed or cancelled.",
  payments: "Payments taken in the range, with what was refunded of each.",
  members: "Accounts created in the range, with their membership.",
  "event-registrations": "Registrations for events dated in the range.",
};

/** Issue 33 item 4: CSV downloads for a date range (managers and the owner; the server decides). */
export default function ExportsPage() {
  const today = venueToday(new Date());
  const [from, setFrom] = useState(addDaysToDate(today, -30));
  const [to, setTo] = useState(today);
  const problem = exportRangeProblem(from, to);

  return (
    <AdminScreen>
      <Stack gap="md">
        <Title order={1} size="h2">
          Exports
        </Title>
        <Text c="dimmed" size="sm">
          Download CSV files for a date range of up to {MAX_EXPORT_YEARS} years. Times are the venue's;
          amounts are in dollars. Every download is written to the audit log.
        </Text>
        <RangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} problem={problem} />
        <Stack gap="sm">
          {EXPORT_KINDS.map((kind) => (
            <Paper key={kind} withBorder p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>{EXPORT_LABELS[kind]}</Text>
                  <Text size="sm" c="dimmed">
                    {DESCRIPTIONS[kind]}
                  </Text>
                </Stack>
                {problem ? (
                  <Button disabled>Download {EXPORT_LABELS[kind]} CSV</Button>
                ) : (
                  <Button
                    component="a"
                    href={exportDownloadUrl(kind, from, to)}
                    download={exportFileName(kind, from, to)}
                  >
                    Download {EXPORT_LABELS[kind]} CSV
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </AdminScreen>
  );
}
