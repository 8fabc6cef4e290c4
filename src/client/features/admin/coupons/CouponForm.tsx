import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { type AdminCoupon, type CouponValues, couponInput } from "../../../../contracts/admin-coupons";
import { venueToday } from "../../../../domain/venue-time";

type Draft = {
  code: string;
  description: string;
  type: "percentage" | "fixed_amount";
  value: number | string;
  startDate: string;
  endDate: string;
  minPurchaseAmount: number | string;
  maxUses: number | string;
  isActive: boolean;
};

/** SPEC §5 Coupon: start and end default to today (the venue's date). */
function draftOf(coupon: AdminCoupon | null): Draft {
  const today = venueToday(new Date());
  if (!coupon) {
    return {
      code: "",
      description: "",
      type: "percentage",
      value: "",
      startDate: today,
      endDate: today,
      minPurchaseAmount: "",
      maxUses: "",
      isActive: true,
    };
  }
  return {
    code: coupon.code,
    description: coupon.description ?? "",
    type: coupon.type,
    value: coupon.value,
    startDate: coupon.startDate,
    endDate: coupon.endDate,
    minPurchaseAmount: coupon.minPurchaseAmount === 0 ? "" : coupon.minPurchaseAmount,
    maxUses: coupon.maxUses ?? "",
    isActive: coupon.isActive,
  };
}

/** An empty numeric input is unset (SPEC §5 Coupon). */
const numberOrNull = (v: number | string) => (v === "" || v === null ? null : Number(v));

type Props = {
  coupon: AdminCoupon | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: CouponValues) => void;
};

/** SPEC §2 Coupon Codes: the inline form, "Create New Coupon" or "Edit Coupon". */
export function CouponForm({ coupon, saving, onCancel, onSave }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    // The server's own rules, checked here first so the form can point at the field.
    const parsed = couponInput.safeParse({
      code: draft.code,
      description: draft.description,
      type: draft.type,
      value: numberOrNull(draft.value),
      startDate: draft.startDate,
      endDate: draft.endDate,
      minPurchaseAmount: numberOrNull(draft.minPurchaseAmount),
      maxUses: numberOrNull(draft.maxUses),
      isActive: draft.isActive,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "code");
        next[key] ??= issue.message.startsWith("Invalid input") ? "Invalid value" : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  // Out-of-range numbers are left as typed (clampBehavior "none") and refused with the rule's words,
  // never quietly corrected to the nearest allowed value (issue 14: 0% had become 0.01%).
  const unit = draft.type === "percentage" ? "(%)" : "($)";
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={coupon ? "Edit Coupon" : "Create New Coupon"}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {coupon ? "Edit Coupon" : "Create New Coupon"}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Code"
              required
              value={draft.code}
              onChange={(e) => set("code", e.currentTarget.value)}
              error={errors.code}
            />
            <TextInput
              label="Description (optional)"
              value={draft.description}
              onChange={(e) => set("description", e.currentTarget.value)}
              error={errors.description}
            />
            <NativeSelect
              label="Type"
              value={draft.type}
              onChange={(e) => set("type", e.currentTarget.value as Draft["type"])}
              data={[
                { value: "percentage", label: "Percentage Off" },
                { value: "fixed_amount", label: "Fixed Amount Off" },
              ]}
            />
            <NumberInput
              label={`Value ${unit}`}
              required
              min={0.01}
              step={0.01}
              clampBehavior="none"
              value={draft.value}
              onChange={(v) => set("value", v)}
              error={errors.value}
            />
            <TextInput
              label="Start Date"
              type="date"
              required
              value={draft.startDate}
              onChange={(e) => set("startDate", e.currentTarget.value)}
              error={errors.startDate}
            />
            <TextInput
              label="End Date"
              type="date"
              required
              value={draft.endDate}
              onChange={(e) => set("endDate", e.currentTarget.value)}
              error={errors.endDate}
            />
            <NumberInput
              label="Min Purchase Amount ($)"
              min={0}
              step={0.01}
              clampBehavior="none"
              value={draft.minPurchaseAmount}
              onChange={(v) => set("minPurchaseAmount", v)}
              error={errors.minPurchaseAmount}
            />
            <NumberInput
              label="Max Uses (optional)"
              min={1}
              step={1}
              clampBehavior="none"
              value={draft.maxUses}
              onChange={(v) => set("maxUses", v)}
              error={errors.maxUses}
            />
          </SimpleGrid>
          <Checkbox
            label="Is Active"
            checked={draft.isActive}
            onChange={(e) => set("isActive", e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {coupon ? "Update Coupon" : "Create Coupon"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
