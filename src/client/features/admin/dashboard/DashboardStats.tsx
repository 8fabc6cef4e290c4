import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useEffect } from "react";
import { LoadError } from "../../../components/LoadError";
import { notifyError } from "../../../lib/notify";
import { useDashboardStats } from "./api/get-dashboard-stats";

/** SPEC §2 Admin Dashboard stats: totalReservations and activeMembers. */
export function DashboardStats() {
  const stats = useDashboardStats();
  useEffect(() => {
    if (stats.isError) notifyError("Failed to load dashboard data");
  }, [stats.isError]);
  const items = [
    { label: "Total Reservations", value: stats.data?.totalReservations },
    { label: "Active Members", value: stats.data?.activeMembers },
  ];
  if (stats.isError)
    return (
      <LoadError
        message="Failed to load dashboard data"
        onRetry={stats.refetch}
        retrying={stats.isFetching}
      />
    );
  return (
    <SimpleGrid cols={2} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" fw={600}>
            {item.label}
          </Text>
          {item.value === undefined ? (
            <Skeleton h={32} w={60} mt={4} />
          ) : (
            <Text fz={28} fw={800} data-testid={`stat-${item.label.toLowerCase().replace(" ", "-")}`}>
              {item.value}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
