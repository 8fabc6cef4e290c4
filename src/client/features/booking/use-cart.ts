import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { checkCouponForm } from "../../../domain/booking-form";
import { errorMessage } from "../../lib/api";
import { notifyCart, notifyError, notifySuccess } from "../../lib/notify";
import type { Pricing } from "./api/booking-keys";
import { quoteQuery, quoteRequest, useApplyCoupon, useCartQuote } from "./api/quote-cart";
import { type CartItem, sameSlotCount } from "./types";

const NOTHING = { subtotalCents: 0, discountCents: 0, totalCents: 0 };

/**
 * The cart and its coupon code (SPEC §2 steps 3 and 5). The figures are the server's quote for the
 * cart as it is now (useCartTotals); the newest cart wins because the quote is keyed by the cart.
 */
export function useCart(pricing: Pricing) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<CartItem[]>([]);
  const [couponCode, setCouponCode] = useState<string | null>(null);
  // What is typed in the coupon field, and the last code the server refused (issue 34: a code typed
  // and not applied yet goes with "Continue to Payment", where the server checks it again).
  const [draftCode, setDraftCode] = useState("");
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const apply = useApplyCoupon();

  // The same time twice is a second court or bay (SPEC §3); the toast says so, as the add bar did.
  const addItem = useCallback(
    (item: CartItem) => {
      const again = sameSlotCount(items, item) > 0;
      setItems((current) => [...current, item]);
      notifyCart(again ? "Item added to cart: a second one at the same time" : "Item added to cart");
    },
    [items],
  );

  const removeItem = useCallback((key: string) => {
    setItems((current) => current.filter((i) => i.key !== key));
    notifyCart("Item removed from cart");
  }, []);

  const { mutate: quoteWithCode } = apply;
  const applyCoupon = useCallback(
    (code: string) => {
      const problem = checkCouponForm(code, items.length);
      if (problem) {
        notifyError(problem);
        return;
      }
      quoteWithCode(quoteRequest(items, code.trim(), pricing), {
        onSuccess: (quote) => {
          // The quote just given is the one the summary asks for next: no second request.
          queryClient.setQueryData(
            quoteQuery(quoteRequest(items, quote.couponCode, pricing)).queryKey,
            quote,
          );
          setCouponCode(quote.couponCode);
          notifySuccess(`Coupon "${quote.couponCode}" applied!`);
        },
        onError: (err) => {
          setRefusedCode(code.trim());
          notifyError(errorMessage(err, "Failed to apply coupon"));
        },
      });
    },
    [items, pricing, queryClient, quoteWithCode],
  );

  const removeCoupon = useCallback(() => {
    setCouponCode(null);
    notifySuccess("Coupon removed");
  }, []);

  const clear = useCallback(() => {
    setItems([]);
    setCouponCode(null);
    setDraftCode("");
  }, []);

  const typed = draftCode.trim();
  /** The code the hold is asked for: the applied one, else one typed and not refused. */
  const codeForHold = couponCode ?? (typed && typed !== refusedCode ? typed : null);

  return {
    items,
    couponCode,
    codeForHold,
    setDraftCode,
    couponBusy: apply.isPending,
    pricing,
    setItems,
    setCouponCode,
    addItem,
    removeItem,
    applyCoupon,
    removeCoupon,
    clear,
  };
}

export type Cart = ReturnType<typeof useCart>;
export type CartTotals = { subtotalCents: number; discountCents: number; totalCents: number };

/**
 * Subtotal, discount and total as the server quoted them. When the cart changes, the applied code is
 * quoted again; a code the cart no longer qualifies for is taken off with the server's reason.
 */
export function useCartTotals(cart: Cart): CartTotals {
  const quote = useCartQuote(quoteRequest(cart.items, cart.couponCode, cart.pricing));
  const { couponCode, setCouponCode } = cart;
  const failure = quote.isError ? quote.error : null;
  // Each refusal is told once, even when the code it drops re-renders the screen before the next quote.
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!failure || told.current === failure) return;
    told.current = failure;
    if (couponCode) setCouponCode(null);
    notifyError(errorMessage(failure, couponCode ? "Failed to apply coupon" : "Failed to load the total"));
  }, [failure, couponCode, setCouponCode]);
  return cart.items.length === 0 ? NOTHING : (quote.data ?? NOTHING);
}
