import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import {
  type PlanInterval,
  type PlanSettings,
  planPriceLabel,
  planSavingsNote,
} from "../../../../../domain/membership";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { ApiError, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useMembershipPlansSettings } from "../api/get-membership-plans";
import { useSaveMembershipPlans } from "../api/save-membership-plans";
import { centsFromInput, dollarsForInput } from "../prices/price-form";

const INTERVALS = [
  { value: "month", label: "Every month" },
  { value: "year", label: "Every year" },
];

/**
 * Settings › Membership plans (issue 32 item 3): each plan's name, price, how often it bills and the
 * payment provider's price id. /signup and new checkouts follow at once; running subscriptions keep
 * what was sold. The server refuses a price id whose price at the provider is another amount.
 */
export default function MembershipPlansSection() {
  const saved = useMembershipPlansSettings();
  const save = useSaveMembershipPlans();
  const [draft, setDraft] = useState<PlanSettings[] | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data.plans);
  }, [saved.data, draft]);

  if (saved.isError) {
    return (
      <LoadError
        message={errorMessage(saved.error, "Failed to load membership plans")}
        onRetry={saved.refetch}
        retrying={saved.isRefetching}
      />
    );
  }
  if (!draft || !saved.data) return <PageLoader />;
  const { provider, priceIdRequired } = saved.data;

  const update = (index: number, patch: Partial<PlanSettings>) => {
    setDraft(draft.map((p, i) => (i === index ? { ...p, ...patch } : p)));
    setFieldError(null);
  };
  const errorOf = (index: number, field: keyof PlanSettings) =>
    fieldError?.field === `plans.${index}.${field}` ? fieldError.message : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (result) => {
        setDraft(result.plans);
        notifySuccess("Membership plans saved");
      },
      onError: (err) => {
        const message = errorMessage(err, "Failed to save membership plans");
        setFieldError({ field: err instanceof ApiError && err.field ? err.field : "plans", message });
        notifyError(message);
      },
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={submit} aria-label="Membership plans">
      {draft.map((plan, index) => {
        const note = planSavingsNote(draft, plan);
        return (
          <Paper
            key={plan.id}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-label={plan.id === "monthly" ? "First plan" : "Second plan"}
          >
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  {plan.name.trim() || "Unnamed plan"}
                </Title>
                <Text size="sm" c="dimmed" data-testid={`plan-preview-${plan.id}`}>
                  {planPriceLabel(plan)}
                  {note ? ` · ${note}` : ""}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Name"
                  description="As /signup and the emails show it"
                  value={plan.name}
                  error={errorOf(index, "name")}
                  onChange={(e) => update(index, { name: e.currentTarget.value })}
                />
                <NumberInput
                  label="Price"
                  description="Up to $10,000"
                  prefix="$"
                  decimalScale={2}
                  value={dollarsForInput(plan.priceCents)}
                  error={errorOf(index, "priceCents")}
                  onChange={(v) => update(index, { priceCents: centsFromInput(v) })}
                />
                <Select
                  label="Billed"
                  data={INTERVALS}
                  value={plan.interval}
                  allowDeselect={false}
                  error={errorOf(index, "interval")}
                  onChange={(v) => v && update(index, { interval: v as PlanInterval })}
                />
                <TextInput
                  label="Payment provider's price id"
                  description={
                    provider === "stripe"
                      ? "Stripe's price_… id; it must charge exactly this price"
                      : priceIdRequired
                        ? "Required before members can subscribe"
                        : "Optional with the built-in test checkout"
                  }
                  value={plan.providerPriceId ?? ""}
                  error={errorOf(index, "providerPriceId")}
                  onChange={(e) => update(index, { providerPriceId: e.currentTarget.value || null })}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {fieldError?.field === "plans" && (
        <Text size="sm" c="red.8" role="alert">
          {fieldError.message}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Membership Plans
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        /signup and new checkouts follow at once. Running subscriptions keep the price they were sold at.
      </Text>
    </Stack>
  );
}
