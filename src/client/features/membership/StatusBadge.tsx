import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { confirmed: "green", cancelled: "red" };
const LABELS: Record<string, string> = { confirmed: "Confirmed", cancelled: "Cancelled", pending: "Pending" };

/** SPEC §2 My Reservations: confirmed green, cancelled red, others yellow. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "yellow"} variant="light" style={{ flex: "none" }}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
