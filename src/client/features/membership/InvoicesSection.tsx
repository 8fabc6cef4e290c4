import { Anchor, Badge, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import type { MyMembership } from "../../../contracts/membership";
import { formatBillingDate } from "../../../domain/membership";
import { formatCents } from "../../../domain/money";
import { MembershipSection } from "./MembershipSection";

const STATUS_COLORS: Record<string, string> = {
  paid: "teal",
  open: "yellow",
  refunded: "gray",
  void: "gray",
};

/** The membership's invoices with their status, each linked to its page when the provider has one. */
export function InvoicesSection({ membership }: { membership: MyMembership }) {
  if (!membership.billingAvailable) return null;
  return (
    <MembershipSection id="invoices-title" title="Invoices">
      {membership.invoices.length === 0 ? (
        <Text size="sm">No invoices yet. Your first one appears here after your first payment.</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {membership.invoices.map((invoice) => (
            <Group
              component="li"
              key={invoice.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
              data-testid="membership-invoice"
            >
              <Group gap="xs" wrap="nowrap">
                <IconReceipt size={18} aria-hidden />
                <div>
                  <Text size="sm" fw={600}>
                    {formatBillingDate(invoice.date)}
                  </Text>
                  {invoice.number ? (
                    <Text size="xs" c="dimmed">
                      {invoice.number}
                    </Text>
                  ) : null}
                </div>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {formatCents(invoice.amountCents)}
                </Text>
                <Badge color={STATUS_COLORS[invoice.status] ?? "gray"} variant="light">
                  {invoice.status}
                </Badge>
                {invoice.url ? (
                  <Anchor href={invoice.url} target="_blank" rel="noopener noreferrer" size="sm">
                    View<VisuallyHidden> invoice of {formatBillingDate(invoice.date)}</VisuallyHidden>
                  </Anchor>
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </MembershipSection>
  );
}
