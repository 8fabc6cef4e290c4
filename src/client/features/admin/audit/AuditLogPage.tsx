import { tz } from "@date-fns/tz";
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useInfiniteQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useState } from "react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditLogResponse } from "../../../../contracts/admin-audit";
import { VENUE_TIME_ZONE } from "../../../../domain/venue-time";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { api } from "../../../lib/api";
import { AdminScreen } from "../shared/AdminScreen";
import { adminKeys } from "../shared/admin-keys";

const OUTCOME_COLORS = { success: "teal", denied: "orange", error: "red" } as const;
const atVenue = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a", { in: tz(VENUE_TIME_ZONE) });
const actionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;

/** The audit log (read-only), newest first: filters by action, outcome, person and dates (issue 33). */
export default function AuditLogPage() {
  const [action, setAction] = useState("");
  const [outcome, setOutcome] = useState("");
  const [personTyped, setPerson] = useState("");
  const [person] = useDebouncedValue(personTyped.trim(), 300);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  // On a phone each entry is a card (issue 14: admin tables usable at 375 px).
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const filters = { action, outcome, person, from, to };
  const log = useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (action) params.set("action", action);
      if (outcome) params.set("outcome", outcome);
      if (person) params.set("person", person);
      if (from) params.set("from", from);
      if (to) params.set("to", to);
      if (pageParam) params.set("before", pageParam);
      return api<AuditLogResponse>(`/admin/audit-log?${params}`);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <AdminScreen>
      <Stack gap="md">
        <Title order={1} size="h2">
          Audit Log
        </Title>
        <Text c="dimmed" size="sm">
          Every staff change — bookings (added, moved, statuses, check-ins), coupons, events, settings and
          staff, with what was before and after — every use of the manager password, right or wrong, and
          customers' online cancellations.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Person"
            placeholder="Name or email"
            value={personTyped}
            onChange={(e) => setPerson(e.currentTarget.value)}
          />
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <NativeSelect
            label="Action"
            value={action}
            onChange={(e) => setAction(e.currentTarget.value)}
            data={[
              { value: "", label: "All actions" },
              ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
            ]}
          />
          <NativeSelect
            label="Outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.currentTarget.value)}
            data={[
              { value: "", label: "All outcomes" },
              { value: "success", label: "Success" },
              { value: "denied", label: "Denied" },
              { value: "error", label: "Error" },
            ]}
          />
        </Group>
        {log.isPending && <PageLoader />}
        {log.isError && (
          <LoadError message="Failed to load the audit log" onRetry={log.refetch} retrying={log.isFetching} />
        )}
        {log.data && entries.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            No audit entries yet
          </Text>
        )}
        {entries.length > 0 && narrow && (
          <Stack
            gap="sm"
            component="ul"
            aria-label="Audit log"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {entries.map((e) => (
              <Paper key={e.id} component="li" withBorder p="sm" radius="md" data-testid="audit-row">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={700}>{actionLabel(e.action)}</Text>
                    <Badge color={OUTCOME_COLORS[e.outcome]} variant="light">
                      {e.outcome}
                    </Badge>
                  </Group>
                  <Text size="sm">{e.targetLabel ?? e.targetId ?? "-"}</Text>
                  <Text size="sm" c="dimmed">
                    {atVenue(e.at)} · {e.actorName ?? e.actorEmail ?? "-"}
                  </Text>
                  {e.reason && <Text size="sm">{e.reason}</Text>}
                  {e.changes && (
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {e.changes}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {entries.length > 0 && !narrow && (
          <Table.ScrollContainer
            minWidth={820}
            // Nothing in the table takes focus, so the scrolling area itself must (axe
            // scrollable-region-focusable): on a phone the keyboard scrolls it sideways.
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: "region", "aria-label": "Audit log table" },
            }}
          >
            <Table striped verticalSpacing="xs" aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id} data-testid="audit-row">
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{atVenue(e.at)}</Table.Td>
                    <Table.Td>{e.actorName ?? e.actorEmail ?? "-"}</Table.Td>
                    <Table.Td>{actionLabel(e.action)}</Table.Td>
                    <Table.Td>{e.targetLabel ?? e.targetId ?? "-"}</Table.Td>
                    <Table.Td>
                      <Badge color={OUTCOME_COLORS[e.outcome]} variant="light">
                        {e.outcome}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 360 }}>
                      {[e.changes, e.reason].filter(Boolean).join(" · ") || "-"}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </AdminScreen>
  );
}
