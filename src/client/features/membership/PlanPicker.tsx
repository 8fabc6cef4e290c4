import { Badge, Group, Radio, SimpleGrid, Text } from "@mantine/core";
import {
  ANNUAL_SAVINGS_CENTS,
  MEMBERSHIP_PLAN_IDS,
  MEMBERSHIP_PLANS,
  type MembershipPlan,
  planPriceLabel,
} from "../../../domain/membership";
import { formatPriceShort } from "../../../domain/money";
import classes from "./membership.module.css";

/** SPEC §2 Join membership: Monthly $79 or Annually $850, with "Save $98". */
export function PlanPicker({
  value,
  onChange,
}: {
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
        {MEMBERSHIP_PLAN_IDS.map((plan) => (
          <Radio.Card key={plan} value={plan} className={classes.card} p="md" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{MEMBERSHIP_PLANS[plan].label}</Text>
                <Text size="xl" fw={800} lh={1.2}>
                  {planPriceLabel(plan)}
                </Text>
              </div>
              <Radio.Indicator />
            </Group>
            {plan === "annual" && (
              <Badge color="teal" variant="light" mt="xs">
                Save {formatPriceShort(ANNUAL_SAVINGS_CENTS)}
              </Badge>
            )}
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
