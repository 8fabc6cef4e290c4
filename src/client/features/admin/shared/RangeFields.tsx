import { Alert, Group, TextInput } from "@mantine/core";

type RangeProblem = { field: "from" | "to"; message: string } | null;

/**
 * A date range of the venue's calendar (Reports, Exports): From and To, the problem marked on its
 * field and said once more below them (domain/csv-export.ts `exportRangeProblem`).
 */
export function RangeFields({
  from,
  to,
  onFromChange,
  onToChange,
  problem,
}: {
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  problem: RangeProblem;
}) {
  return (
    <>
      <Group gap="sm" align="flex-start">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => onFromChange(e.currentTarget.value)}
          error={problem?.field === "from" ? problem.message : undefined}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => onToChange(e.currentTarget.value)}
          error={problem?.field === "to" ? problem.message : undefined}
        />
      </Group>
      {problem && (
        <Alert color="red" role="alert" title="Choose another range">
          {problem.message}
        </Alert>
      )}
    </>
  );
}
