import { Badge, Group, Radio, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { PublicPlan } from "../../../contracts/membership-plans";
import { type MembershipPlan, planPriceLabel } from "../../../domain/membership";
import classes from "./membership.module.css";

/**
 * SPEC §2 Join membership: the venue's plans (issue 32 item 3; the spec's Monthly $79 or Annually
 * $850, with "Save $98"), the note computed by the server from the plans.
 */
export function PlanPicker({
  plans,
  value,
  onChange,
}: {
  plans: PublicPlan[] | undefined;
  value: MembershipPlan;
  onChange: (plan: MembershipPlan) => void;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as MembershipPlan)}
      label="Choose your plan"
      labelProps={{ mb: "xs" }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {!plans && [0, 1].map((i) => <Skeleton key={i} height={96} radius="md" />)}
        {plans?.map((plan) => (
          <Radio.Card key={plan.id} value={plan.id} className={classes.card} p="md" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{plan.name}</Text>
                <Text size="xl" fw={800} lh={1.2}>
                  {planPriceLabel(plan)}
                </Text>
              </div>
              <Radio.Indicator />
            </Group>
            {plan.savingsNote && (
              <Badge color="teal" variant="light" mt="xs">
                {plan.savingsNote}
              </Badge>
            )}
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
