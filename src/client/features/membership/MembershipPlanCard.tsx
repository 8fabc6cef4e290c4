import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { MyMembership } from "../../../contracts/membership";
import { formatBillingDate } from "../../../domain/membership";
import { formatCents } from "../../../domain/money";

/** The plan, its price and what happens next: renews, ends, or complimentary until a date. */
export function MembershipPlanCard({ membership }: { membership: MyMembership }) {
  const ending = membership.status === "ending";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Title order={2} size="h3">
              {membership.planLabel}
            </Title>
          </div>
          <Badge color={ending ? "orange" : "teal"} variant="light" size="lg">
            {ending ? "Ending" : "Active"}
          </Badge>
        </Group>
        {membership.compedUntil && membership.plan === null ? (
          <>
            <Text size="lg" fw={700} data-testid="membership-price">
              Complimentary: no charge
            </Text>
            <Text data-testid="membership-renewal">
              Complimentary until {formatBillingDate(membership.compedUntil)}
            </Text>
          </>
        ) : (
          <>
            <Text size="lg" fw={700} data-testid="membership-price">
              {formatCents(membership.priceCents)} / {membership.interval}
            </Text>
            <Text data-testid="membership-renewal">
              {ending && membership.endsOn
                ? `Ends on ${formatBillingDate(membership.endsOn)}. You won't be charged again.`
                : membership.compedUntil
                  ? `Complimentary until ${formatBillingDate(membership.compedUntil)}: no charge until then`
                  : membership.renewsOn
                    ? `Renews on ${formatBillingDate(membership.renewsOn)}`
                    : "Renews automatically"}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          Member since {formatBillingDate(membership.memberSince)}
        </Text>
      </Stack>
    </Paper>
  );
}
