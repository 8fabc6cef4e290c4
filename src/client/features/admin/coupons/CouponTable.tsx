import { ActionIcon, Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { AdminCoupon } from "../../../../contracts/admin-coupons";
import { COUPON_STATUS_LABELS } from "../../../../domain/coupons";
import { formatDateMedium, formatDiscount, formatUsage } from "../shared/format";

type Props = { coupons: AdminCoupon[]; onEdit: (c: AdminCoupon) => void; onDelete: (c: AdminCoupon) => void };

/** SPEC §2 Coupon Codes table; on a phone each coupon is a card with the same facts (issue 14). */
export function CouponTable({ coupons, onEdit, onDelete }: Props) {
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  if (narrow) {
    return (
      <Stack
        gap="sm"
        component="ul"
        aria-label="Coupons"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {coupons.map((c) => (
          <Paper key={c.id} component="li" withBorder p="sm" radius="md" data-testid="coupon-row">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} ff="monospace" style={{ wordBreak: "break-all" }}>
                  {c.code}
                </Text>
                <CouponStatus coupon={c} />
              </Group>
              {c.description && <Text size="sm">{c.description}</Text>}
              <Text size="sm">
                {formatDiscount(c.type, c.value)} · used {formatUsage(c.currentUses, c.maxUses)}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {formatDateMedium(c.startDate)} - {formatDateMedium(c.endDate)}
                </Text>
                <CouponActions coupon={c} onEdit={onEdit} onDelete={onDelete} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Coupons">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Validity</Table.Th>
            <Table.Th>Usage</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coupons.map((c) => (
            <Table.Tr key={c.id} data-testid="coupon-row">
              <Table.Td fw={700} ff="monospace">
                {c.code}
              </Table.Td>
              <Table.Td>{c.description ?? "-"}</Table.Td>
              <Table.Td>{formatDiscount(c.type, c.value)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {formatDateMedium(c.startDate)} - {formatDateMedium(c.endDate)}
              </Table.Td>
              <Table.Td>{formatUsage(c.currentUses, c.maxUses)}</Table.Td>
              <Table.Td>
                <CouponStatus coupon={c} />
              </Table.Td>
              <Table.Td>
                <CouponActions coupon={c} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const STATUS_COLORS: Record<AdminCoupon["status"], string> = {
  active: "teal",
  inactive: "gray",
  expired: "orange",
  used_up: "yellow",
};

/** The server's status: Active and Inactive as the spec shows them, Expired and Used up (issue 34). */
const CouponStatus = ({ coupon }: { coupon: AdminCoupon }) => (
  <Badge color={STATUS_COLORS[coupon.status]} variant="light">
    {COUPON_STATUS_LABELS[coupon.status]}
  </Badge>
);

function CouponActions({ coupon, onEdit, onDelete }: { coupon: AdminCoupon } & Omit<Props, "coupons">) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`Edit coupon ${coupon.code}`}
        onClick={() => onEdit(coupon)}
      >
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        color="red"
        aria-label={`Delete coupon ${coupon.code}`}
        onClick={() => onDelete(coupon)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
