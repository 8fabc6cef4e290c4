import { Button, Group, TextInput } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

/**
 * Step 5: the coupon code, locked while a coupon is applied (SPEC §5 Coupon). Leaving the field
 * applies what was typed (issue 34: no extra tap on Apply); the button stays for those who want it.
 */
export function CouponField({
  appliedCode,
  busy,
  onApply,
  onRemove,
  onDraftChange,
  canApply,
}: {
  appliedCode: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  onDraftChange: (code: string) => void;
  /** The cart has items: leaving the field may apply the code (an empty cart is told on Apply). */
  canApply: boolean;
}) {
  const [code, setCode] = useState("");
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (appliedCode) setCode(appliedCode);
  }, [appliedCode]);
  const change = (value: string) => {
    setCode(value);
    onDraftChange(value);
  };
  /** `asked`: the Apply button or Enter, which always answer (an empty code is told so). */
  const applyTyped = (asked: boolean) => {
    const typed = code.trim();
    if (appliedCode || busy) return;
    if (!asked && (!typed || !canApply || tried.current === typed)) return;
    tried.current = typed;
    onApply(typed);
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label="Coupon code"
        size="md"
        style={{ flex: 1 }}
        value={code}
        onChange={(e) => change(e.currentTarget.value.toUpperCase())}
        onBlur={() => applyTyped(false)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !appliedCode) {
            e.preventDefault();
            applyTyped(true);
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
            change("");
            tried.current = null;
            onRemove();
          }}
        >
          Remove
        </Button>
      ) : (
        <Button size="md" variant="light" loading={busy} onClick={() => applyTyped(true)}>
          Apply
        </Button>
      )}
    </Group>
  );
}
