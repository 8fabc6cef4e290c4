import { useCallback, useRef, useState } from "react";
import { checkCouponForm } from "../../../domain/booking-form";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { checkCoupon, type Pricing } from "./booking-api";
import type { AppliedCoupon, CartItem } from "./types";

export const toCartInput = (items: CartItem[]) =>
  items.map((i) => ({
    facilityType: i.facilityType,
    date: i.date,
    startTime: i.startTime,
    endTime: i.endTime,
    duration: i.duration,
  }));

/**
 * The cart and its coupon (SPEC §2 steps 3 and 5). The discount is always the server's answer for
 * the cart as it is now: when the cart changes, the applied code is checked again, and taken off
 * with the server's reason when it no longer applies.
 */
export function useCart(pricing: Pricing) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  // The newest coupon request wins; an older answer for a cart that has since changed is dropped.
  const requestId = useRef(0);

  const priceCoupon = useCallback(
    async (code: string, cart: CartItem[]): Promise<AppliedCoupon> => {
      return checkCoupon({
        code: code.trim(),
        items: toCartInput(cart),
        memberId: pricing.memberId,
        useNonMemberPricing: pricing.useNonMemberPricing,
      });
    },
    [pricing],
  );

  const recheck = useCallback(
    async (code: string, cart: CartItem[]) => {
      const id = ++requestId.current;
      if (cart.length === 0) {
        setCoupon(null);
        return;
      }
      try {
        const result = await priceCoupon(code, cart);
        if (id === requestId.current) setCoupon(result);
      } catch (err) {
        if (id !== requestId.current) return;
        setCoupon(null);
        notifyError(errorMessage(err, "Failed to apply coupon"));
      }
    },
    [priceCoupon],
  );

  const replaceItems = useCallback(
    (next: CartItem[]) => {
      setItems(next);
      if (coupon) void recheck(coupon.code, next);
    },
    [coupon, recheck],
  );

  const addItem = useCallback(
    (item: CartItem) => {
      replaceItems([...items, item]);
      notifySuccess("Item added to cart");
    },
    [items, replaceItems],
  );

  const removeItem = useCallback(
    (key: string) => {
      replaceItems(items.filter((i) => i.key !== key));
      notifySuccess("Item removed from cart");
    },
    [items, replaceItems],
  );

  const applyCoupon = useCallback(
    async (code: string) => {
      const problem = checkCouponForm(code, items.length);
      if (problem) {
        notifyError(problem);
        return;
      }
      const id = ++requestId.current;
      setCouponBusy(true);
      try {
        const result = await priceCoupon(code, items);
        if (id !== requestId.current) return;
        setCoupon(result);
        notifySuccess(`Coupon "${result.code}" applied!`);
      } catch (err) {
        if (id !== requestId.current) return;
        setCoupon(null);
        notifyError(errorMessage(err, "Failed to apply coupon"));
      } finally {
        setCouponBusy(false);
      }
    },
    [items, priceCoupon],
  );

  const removeCoupon = useCallback(() => {
    requestId.current++;
    setCoupon(null);
    notifySuccess("Coupon removed");
  }, []);

  const clear = useCallback(() => {
    requestId.current++;
    setItems([]);
    setCoupon(null);
  }, []);

  return {
    items,
    coupon,
    couponBusy,
    setItems,
    setCoupon,
    addItem,
    removeItem,
    applyCoupon,
    removeCoupon,
    clear,
  };
}

export type Cart = ReturnType<typeof useCart>;
