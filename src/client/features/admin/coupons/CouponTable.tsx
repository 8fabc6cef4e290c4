import { ActionIcon, Badge, Group, Table } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { AdminCoupon } from "../../../../contracts/admin-coupons";
import { formatDateMedium, formatDiscount, formatUsage } from "../shared/format";

type Props = { coupons: AdminCoupon[]; onEdit: (c: AdminCoupon) => void; onDelete: (c: AdminCoupon) => void };

/** SPEC §2 Coupon Codes table. */
export function CouponTable({ coupons, onEdit, onDelete }: Props) {
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
                <Badge color={c.isActive ? "teal" : "gray"} variant="light">
                  {c.isActive ? "Active" : "Inactive"}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit coupon ${c.code}`} onClick={() => onEdit(c)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete coupon ${c.code}`}
                    onClick={() => onDelete(c)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
