import { Box, Button, Collapse, Group, Stack, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminEventBlock, AdminFacilityType, AdminReservation } from "../../../../contracts/admin";
import { isDateString, venueToday } from "../../../../domain/venue-time";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { AdminScreen } from "../shared/AdminScreen";
import { adminKeys } from "../shared/admin-keys";
import { BusyOverlay } from "../shared/BusyOverlay";
import { useAdminDay } from "./api/get-admin-day";
import { confirmSplit } from "./confirm-split";
import { DashboardStats } from "./DashboardStats";
import { DayToolbar, type DayView } from "./DayToolbar";
import { EditReservationModal } from "./EditReservationModal";
import { EventDetailsModal } from "./EventDetailsModal";
import { ManualReservationPanel } from "./ManualReservationPanel";
import { RefundFlow } from "./RefundFlow";
import { ReservationDetailsModal } from "./ReservationDetailsModal";
import { ReservationTable } from "./ReservationTable";
import { TimelineGrid } from "./TimelineGrid";
import { useReservationActions } from "./use-reservation-actions";

/** The date, facility type and view live in the address, so a reload or a shared link keeps them. */
function useDayParams() {
  const [params, setParams] = useSearchParams();
  const rawDate = params.get("date");
  const date = rawDate && isDateString(rawDate) ? rawDate : venueToday(new Date());
  const facilityType: AdminFacilityType = params.get("type") === "dart_bay" ? "dart_bay" : "court";
  const view: DayView = params.get("view") === "grid" ? "grid" : "list";
  const set = (patch: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) next.set(k, v);
      return next;
    });
  return { date, facilityType, view, set };
}

/** SPEC §2 Admin Dashboard (/admin). */
export default function AdminDashboardPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { date, facilityType, view, set } = useDayParams();
  const day = useAdminDay(date, facilityType);
  const actions = useReservationActions();
  // Collapsed until asked for, so the day's list is in view when the dashboard opens (issue 14).
  const [panelOpen, setPanelOpen] = useState(false);
  // The open details follow the day's data, so a check-in or no-show shows at once (issue 33).
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const details = day.data?.reservations.find((r) => r.id === detailsId) ?? null;
  const [editing, setEditing] = useState<AdminReservation | null>(null);
  const [event, setEvent] = useState<AdminEventBlock | null>(null);
  const [refunding, setRefunding] = useState<AdminReservation | null>(null);

  useEffect(() => {
    if (day.isError)
      notifyError(facilityType === "court" ? "Failed to load courts" : "Failed to load dart bays");
  }, [day.isError, facilityType]);

  async function refresh() {
    try {
      await queryClient.refetchQueries({ queryKey: adminKeys.all, type: "active" }, { throwOnError: true });
      notifySuccess("Reservation data refreshed");
    } catch {
      notifyError("Failed to refresh data");
    }
  }

  const overlay = actions.create.isPending
    ? "Creating reservation..."
    : day.isFetching && !day.isPending
      ? "Refreshing data..."
      : null;

  return (
    <AdminScreen>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} size="h2">
            Welcome back, {user?.firstName}
          </Title>
          <Button
            variant={panelOpen ? "default" : "filled"}
            aria-expanded={panelOpen}
            aria-controls="manual-reservation-panel"
            onClick={() => setPanelOpen((o) => !o)}
          >
            Add Manual Reservation
          </Button>
        </Group>
        <DashboardStats />
        <DayToolbar
          date={date}
          facilityType={facilityType}
          view={view}
          onDate={(d) => set({ date: d })}
          onFacilityType={(t) => set({ type: t })}
          onView={(v) => set({ view: v })}
          onRefresh={refresh}
        />
        <Box pos="relative">
          <BusyOverlay message={overlay} />
          <Stack gap="md">
            <Collapse expanded={panelOpen} id="manual-reservation-panel">
              <ManualReservationPanel
                date={date}
                facilityType={facilityType}
                creating={actions.create.isPending}
                onCreate={(body) => actions.create.mutateAsync(body)}
              />
            </Collapse>
            {day.isPending && <PageLoader />}
            {day.isError && (
              <LoadError
                message={facilityType === "court" ? "Failed to load courts" : "Failed to load dart bays"}
                onRetry={day.refetch}
                retrying={day.isFetching}
              />
            )}
            {day.data && view === "list" && (
              <ReservationTable
                reservations={day.data.reservations}
                facilities={day.data.facilities}
                onReassign={(r, facilityId) =>
                  confirmSplit(r, facilityId, day.data?.reservations ?? [], () =>
                    actions.reassign.mutate({ id: r.id, facilityId, facilityType: r.facilityType }),
                  )
                }
                onPaymentStatus={(r, manualPaymentStatus, paymentMethod) =>
                  actions.setPaymentStatus.mutate({ id: r.id, manualPaymentStatus, paymentMethod })
                }
                onStatus={(r, status) => actions.setStatus.mutate({ id: r.id, status })}
                onRefund={setRefunding}
              />
            )}
            {day.data && view === "grid" && (
              <TimelineGrid day={day.data} onReservation={(r) => setDetailsId(r.id)} onEvent={setEvent} />
            )}
          </Stack>
        </Box>
      </Stack>
      <ReservationDetailsModal
        reservation={details}
        onClose={() => setDetailsId(null)}
        onEdit={(r) => {
          setDetailsId(null);
          setEditing(r);
        }}
      />
      <EditReservationModal
        reservation={editing}
        hours={editing && day.data?.date === editing.date ? day.data.hours : undefined}
        dayReservations={day.data?.reservations ?? []}
        onClose={() => setEditing(null)}
        onSave={(input) => actions.edit.mutateAsync(input)}
      />
      <EventDetailsModal
        event={event}
        courtNames={facilityType === "court" ? (day.data?.facilities ?? []) : []}
        onClose={() => setEvent(null)}
      />
      <RefundFlow
        reservation={refunding}
        onClose={() => setRefunding(null)}
        refund={actions.refund}
        onError={actions.refundFailed}
      />
    </AdminScreen>
  );
}
