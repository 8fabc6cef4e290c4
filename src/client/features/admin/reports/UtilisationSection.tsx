import { NativeSelect, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import type { FacilityUse, UtilisationReport } from "../../../../contracts/reports";
import type { ReportRange } from "../../../../domain/reports";
import { utilisationPercent } from "../../../../domain/utilisation";
import { useUtilisationReport } from "./api/get-utilisation-report";
import { ReportFrame } from "./ReportFrame";
import { ScrollTable } from "./ScrollTable";
import { UtilisationHeatMap } from "./UtilisationHeatMap";

const keyOf = (f: FacilityUse) => `${f.facilityType}:${f.id ?? "all"}`;
const percentText = (booked: number, open: number) => {
  const p = utilisationPercent(booked, open);
  return p === null ? "Closed" : `${p}%`;
};

/** Issue 33 item 3: utilisation as a weekday × hour heat map (a table), per type or per court. */
export function UtilisationSection({ range, enabled }: { range: ReportRange; enabled: boolean }) {
  const query = useUtilisationReport(range, enabled);
  return (
    <ReportFrame id="utilisation" title="Utilisation" query={query} enabled={enabled} placeholderHeight={240}>
      {(report) => <UtilisationBody report={report} />}
    </ReportFrame>
  );
}

function UtilisationBody({ report }: { report: UtilisationReport }) {
  const all = [...report.types, ...report.facilities];
  const [selected, setSelected] = useState(() => keyOf(report.types[0] ?? all[0] ?? ({} as FacilityUse)));
  const shown = all.find((f) => keyOf(f) === selected) ?? report.types[0];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Booked minutes over the minutes the venue's hours keep each court or bay open, less its closures.
        Events count as booked time on the courts they use. Time a booking used outside those minutes (kept
        through a closure, or before opening) counts as open, so no hour tops 100%.
      </Text>
      <ScrollTable label="Utilisation, this period and the period before">
        <Table miw={420} striped>
          <Table.Caption>Utilisation, this period and the period before</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Court or bay</Table.Th>
              <Table.Th scope="col" ta="right">
                This period
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Period before
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {all.map((f) => (
              <Table.Tr key={keyOf(f)} data-testid="utilisation-row">
                <Table.Th scope="row">{f.name}</Table.Th>
                <Table.Td ta="right">{percentText(f.bookedMinutes, f.openMinutes)}</Table.Td>
                <Table.Td ta="right">{percentText(f.previousBookedMinutes, f.previousOpenMinutes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <NativeSelect
        label="Heat map of"
        value={selected}
        onChange={(e) => setSelected(e.currentTarget.value)}
        data={all.map((f) => ({ value: keyOf(f), label: f.name }))}
        maw={280}
      />
      {shown && <UtilisationHeatMap use={shown} />}
    </Stack>
  );
}
