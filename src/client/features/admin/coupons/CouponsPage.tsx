import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type {
  AdminCoupon,
  CouponResponse,
  CouponsResponse,
  CouponValues,
} from "../../../../contracts/admin-coupons";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { api, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { AdminScreen } from "../shared/AdminScreen";
import { adminKeys } from "../shared/admin-keys";
import { CouponForm } from "./CouponForm";
import { CouponTable } from "./CouponTable";
import { searchCoupons } from "./coupon-search";

type Editing = { coupon: AdminCoupon | null } | null;

/** SPEC §2 Coupon Codes (/admin/coupons). */
export default function CouponsPage() {
  const queryClient = useQueryClient();
  const coupons = useQuery({
    queryKey: adminKeys.coupons,
    queryFn: () => api<CouponsResponse>("/admin/coupons"),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState("");

  useEffect(() => {
    if (coupons.isError) notifyError("Failed to load coupons");
  }, [coupons.isError]);

  const save = useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CouponValues }) =>
      id
        ? api<CouponResponse>(`/admin/coupons/${id}`, { method: "PUT", body: values })
        : api<CouponResponse>("/admin/coupons", { body: values }),
    onSuccess: (_data, { id }) => {
      notifySuccess(id ? "Coupon updated successfully" : "Coupon created successfully");
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.coupons });
    },
    onError: (err) => notifyError(errorMessage(err, "Failed to save coupon")),
  });

  const remove = useMutation({
    mutationFn: (id: string) => api(`/admin/coupons/${id}`, { method: "DELETE" }),
    onSuccess: () => notifySuccess("Coupon deleted successfully"),
    onError: (err) => notifyError(errorMessage(err, "Failed to delete coupon")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons }),
  });

  const confirmDelete = (coupon: AdminCoupon) =>
    modals.openConfirmModal({
      title: "Delete Coupon",
      centered: true,
      children: <Text size="sm">Are you sure you want to delete this coupon?</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(coupon.id),
    });

  const list = coupons.data?.coupons ?? [];
  const found = searchCoupons(list, search);
  return (
    <AdminScreen>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Coupon Codes
          </Title>
          {!editing && list.length > 0 && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ coupon: null })}>
              Create Coupon
            </Button>
          )}
        </Group>
        {editing && (
          <CouponForm
            key={editing.coupon?.id ?? "new"}
            coupon={editing.coupon}
            saving={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={(values) => save.mutate({ id: editing.coupon?.id ?? null, values })}
          />
        )}
        {coupons.isPending && <PageLoader />}
        {coupons.isError && (
          <LoadError
            message="Failed to load coupons"
            onRetry={coupons.refetch}
            retrying={coupons.isFetching}
          />
        )}
        {coupons.data &&
          (list.length === 0 ? (
            !editing && (
              <Paper withBorder p="xl" radius="md" ta="center">
                <Stack align="center" gap="xs">
                  <Title order={2} size="h4">
                    No coupons yet
                  </Title>
                  <Text c="dimmed">Create your first coupon code.</Text>
                  <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ coupon: null })}>
                    Create Coupon
                  </Button>
                </Stack>
              </Paper>
            )
          ) : (
            <Stack gap="sm">
              <TextInput
                placeholder="Search by code or description..."
                aria-label="Search by code or description"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                maw={420}
              />
              {found.length === 0 ? (
                <Text c="dimmed" role="status">
                  No coupons match "{search.trim()}".
                </Text>
              ) : (
                <CouponTable
                  coupons={found}
                  onEdit={(coupon) => setEditing({ coupon })}
                  onDelete={confirmDelete}
                />
              )}
            </Stack>
          ))}
      </Stack>
    </AdminScreen>
  );
}
