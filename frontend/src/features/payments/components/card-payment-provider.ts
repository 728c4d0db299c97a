// What the payment page needs from a card provider, whichever it is: card inputs to
// render, and a confirm that answers like Stripe.js's confirmCardPayment. The built-in
// test mode implements it today; Stripe Elements slots in behind the same interface.
import type { ComponentType, Ref } from 'react';

/** Who pays: the billing details sent with the card. */
export interface Billing {
  name: string;
  email: string;
}

/** Stripe.js's answer shape. */
export type ConfirmResult =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { message: string }; paymentIntent?: undefined };

export interface CardPaymentProvider {
  /** Confirms the intent behind `clientSecret` with the card the buyer entered. */
  confirm(clientSecret: string, billing: Billing): Promise<ConfirmResult>;
}

/** A provider's card inputs; through `ref` they hand the page the provider to confirm with. */
export interface CardFieldsProps {
  ref: Ref<CardPaymentProvider>;
  disabled: boolean;
  /** Said once the provider can take a card (Stripe.js loaded, say). */
  onReadyChange: (ready: boolean) => void;
  /**
   * The provider's own message about the card as the buyer types ("Your card number is
   * incomplete."), or null once it is fixed. The page shows it beneath the inputs, in the
   * same place as the messages `confirm` answers with.
   */
  onMessage: (message: string | null) => void;
  /** The id of that message while one is shown, for the inputs' aria-describedby. */
  describedBy: string | undefined;
}

export type CardFields = ComponentType<CardFieldsProps>;
