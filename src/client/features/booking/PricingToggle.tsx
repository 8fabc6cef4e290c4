import { Switch } from "@mantine/core";

/** SPEC §2: the admin-member's "Use Non-Member Pricing" toggle. */
export default function PricingToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Switch
      size="md"
      label="Use Non-Member Pricing"
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
