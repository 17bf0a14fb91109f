import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

export type OrderPaymentAnswer = ResponseOf<'/api/orders/{id}/payment', 'post'>;

/** Charges a placed order with the payment method the provider made from the guest's card. */
export async function payOrder(orderId: string, token: string, paymentMethodId: string): Promise<OrderPaymentAnswer> {
  return unwrap(await api.POST('/api/orders/{id}/payment', { params: { path: { id: orderId } }, body: { token, paymentMethodId } }));
}

/** The payment as the provider has it now: after the bank's own step. */
export async function refreshOrderPayment(orderId: string, token: string): Promise<OrderPaymentAnswer> {
  return unwrap(await api.POST('/api/orders/{id}/payment/refresh', { params: { path: { id: orderId } }, body: { token } }));
}
