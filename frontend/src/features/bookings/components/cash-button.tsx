// Cash at the meet-up, shared with the payment page: see src/lib/payments/cash-button.tsx.
export { CASH_LINE, CashButton, SAFETY_LINE } from '@/lib/payments/cash-button.tsx';
