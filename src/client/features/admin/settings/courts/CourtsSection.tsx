import { Stack, Text } from "@mantine/core";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { errorMessage } from "../../../../lib/api";
import { useFacilities } from "../api/get-facilities";
import { FacilityList } from "./FacilityList";

/**
 * Settings › Courts (issue 31 item 1): add, rename, reorder, deactivate and reactivate courts and
 * dart bays. Ids never change; the booking screen, availability, events, the dashboard and manual
 * reservations use the active ones at once.
 */
export default function CourtsSection() {
  const facilities = useFacilities();
  if (facilities.isError) {
    return (
      <LoadError
        message={errorMessage(facilities.error, "Failed to load courts")}
        onRetry={facilities.refetch}
        retrying={facilities.isRefetching}
      />
    );
  }
  if (!facilities.data) return <PageLoader />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Players book the active ones. Deactivating one with bookings ahead first shows them and asks whether
        to move them to another or cancel them with a full refund; to close one for a while, add a closure
        under Hours.
      </Text>
      <FacilityList type="court" title="Courts" facilities={facilities.data.courts} />
      <FacilityList type="dart_bay" title="Dart bays" facilities={facilities.data.dartBays} />
    </Stack>
  );
}
