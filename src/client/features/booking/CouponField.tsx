import { Button, Group, TextInput } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { useEffect, useState } from "react";

/** Step 5: the coupon code, locked while a coupon is applied (SPEC §5 Coupon). */
export function CouponField({
  appliedCode,
  busy,
  onApply,
  onRemove,
}: {
  appliedCode: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState("");
  useEffect(() => {
    if (appliedCode) setCode(appliedCode);
  }, [appliedCode]);

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label="Coupon code"
        size="md"
        style={{ flex: 1 }}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !appliedCode) {
            e.preventDefault();
            onApply(code);
          }
        }}
        leftSection={<IconTicket size={18} aria-hidden />}
        disabled={Boolean(appliedCode)}
        autoComplete="off"
        autoCapitalize="characters"
      />
      {appliedCode ? (
        <Button
          size="md"
          variant="default"
          onClick={() => {
            setCode("");
            onRemove();
          }}
        >
          Remove
        </Button>
      ) : (
        <Button size="md" variant="light" loading={busy} onClick={() => onApply(code)}>
          Apply
        </Button>
      )}
    </Group>
  );
}
