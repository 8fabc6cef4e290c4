import { Button, Group, TextInput } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

/**
 * Marks a control that sends the typed code itself ("Continue to Payment"). A press on it does not
 * apply the code as the field is left: the answer (its toast in the header's lane, the discount
 * row) would push the control down under the pointer before the press ends, and the press would
 * miss it (the phone e2e journey lost its Continue to Payment that way under load).
 */
export const SENDS_TYPED_CODE = { "data-sends-typed-code": "" };

/** True from a press on a SENDS_TYPED_CODE control until the focus has moved on with it. */
function usePressOnCodeSender() {
  const pressed = useRef(false);
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Element) || !e.target.closest("[data-sends-typed-code]")) return;
      pressed.current = true;
      // A mouse press moves the focus in this same task. A touch moves it as it ends, and its click
      // follows at once: nothing can move in between, and the code is applied as before.
      setTimeout(() => {
        pressed.current = false;
      });
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, []);
  return pressed;
}

/**
 * Step 5: the coupon code, locked while a coupon is applied (SPEC §5 Coupon). Leaving the field
 * applies what was typed (issue 34: no extra tap on Apply), unless a press on Continue to Payment
 * leaves it, which takes the code along; the button stays for those who want it.
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
  const pressOnSender = usePressOnCodeSender();
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
        onBlur={() => {
          if (!pressOnSender.current) applyTyped(false);
        }}
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
