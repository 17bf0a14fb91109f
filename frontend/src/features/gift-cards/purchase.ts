import { toCents, type Cents } from '@/lib/money';
import type { GiftCardOptions, GiftCardService } from './api/get-options';
import type { GiftCardPurchase } from './api/buy-gift-card';

/*
 * The gift card form's rules that are not drawing: which value the guest
 * chose (a preset, an amount of their own or one treatment), the limits in
 * words and the body of `POST /api/gift-cards`. The server checks all of it
 * again (docs/decisions.md §16) and its messages win.
 */

/** The amount radio group's values besides the presets ("50.00"…). */
export const CUSTOM_AMOUNT = 'custom';
export const TREATMENT = 'treatment';

/** A message on the card is at most this long (line breaks kept). */
export const MESSAGE_MAX = 500;

/** The server's words for a delivery date outside today … a year ahead. */
export const DELIVERY_RULE = 'The delivery date is today or later, within a year';

/** The last day a card can be sent on: today plus 366 days, as the server counts (a later one is a typing slip). */
export function latestDelivery(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 366);
  return date.toISOString().slice(0, 10);
}

/** Whether a yyyy-MM-dd day can be a delivery date, given the retreat's today. */
export function isDeliveryDay(day: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= today && day <= latestDelivery(today);
}

export type PurchaseFormValues = {
  /** A preset ("100.00"), CUSTOM_AMOUNT or TREATMENT; empty until the guest picks: the default preset then. */
  choice: string;
  customAmount: string;
  serviceId: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  firstName: string;
  lastName: string;
  email: string;
};

export const emptyPurchase: PurchaseFormValues = {
  choice: '',
  customAmount: '',
  serviceId: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliverOn: '',
  firstName: '',
  lastName: '',
  email: '',
};

/** What the card will hold: an amount, or one treatment (its value is the treatment's price). */
export type CardValue = { kind: 'amount'; cents: Cents } | { kind: 'treatment'; service: GiftCardService; cents: Cents };

/** What a card bought as a treatment says it is for, as the server labels it ("One Massage Therapy"). */
export function treatmentLabel(serviceName: string): string {
  return `One ${serviceName}`;
}

/** Whole dollars from the server's limits ("25.00" → 25). */
export type Limits = { min: number; max: number };

export function limitsOf(options: Pick<GiftCardOptions, 'min' | 'max'> | undefined): Limits {
  if (!options) return { min: 25, max: 1000 };
  return { min: Math.ceil(toCents(options.min) / 100), max: Math.floor(toCents(options.max) / 100) };
}

/** 1000 → "$1,000" (no Intl: the server renderer has none). */
export function wholeDollars(amount: number): string {
  return `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** "A", "A or B", "A, B or C": names in a sentence (no Intl: the server renderer has none). */
export function oneOf(names: readonly string[]): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * What a card may be besides the presets, in words: an amount of one's own
 * within the limits and, when there are any, the treatments by name.
 */
export function otherChoices(limits: Limits, services: readonly Pick<GiftCardService, 'name'>[]): string {
  const amount = `Any amount from ${wholeDollars(limits.min)} to ${wholeDollars(limits.max)}`;
  if (services.length === 0) return `${amount}, in whole dollars.`;
  return `${amount}, or the gift of a treatment: ${oneOf(services.map((service) => service.name))}.`;
}

/** The server's own wording of the rule, with its limits. */
export function amountRule(limits: Limits): string {
  return `A gift card is from ${wholeDollars(limits.min)} to ${wholeDollars(limits.max)}, in whole dollars`;
}

/** Whether a typed amount is whole dollars within the limits ("150" yes, "150.50" or "10" no). */
export function isValidAmount(text: string, limits: Limits): boolean {
  const typed = text.trim();
  if (!/^\d{1,7}$/.test(typed)) return false;
  const amount = Number(typed);
  return amount >= limits.min && amount <= limits.max;
}

/** The radio group's value: the guest's pick, else the second preset (the first when there is one). */
export function effectiveChoice(choice: string, options: Pick<GiftCardOptions, 'presets'> | undefined): string {
  if (choice !== '') return choice;
  const presets = options?.presets ?? [];
  return presets[1] ?? presets[0] ?? '';
}

/** What the card holds for these values, when that is known yet (for the preview and the payload). */
export function cardValue(
  values: Pick<PurchaseFormValues, 'choice' | 'customAmount' | 'serviceId'>,
  options: GiftCardOptions | undefined,
): CardValue | null {
  if (!options) return null;
  const choice = effectiveChoice(values.choice, options);
  if (choice === TREATMENT) {
    const service = options.services.find((s) => s.id === values.serviceId);
    return service ? { kind: 'treatment', service, cents: toCents(service.price) } : null;
  }
  if (choice === CUSTOM_AMOUNT) {
    return isValidAmount(values.customAmount, limitsOf(options))
      ? { kind: 'amount', cents: Number(values.customAmount.trim()) * 100 }
      : null;
  }
  return options.presets.includes(choice) ? { kind: 'amount', cents: toCents(choice) } : null;
}

/**
 * The body of `POST /api/gift-cards`: an amount in whole dollars, or the
 * treatment's id (never both); the message with its line breaks, left out
 * when blank; the honeypot only when a robot filled it.
 */
export function purchasePayload(values: PurchaseFormValues, value: CardValue, website?: string): GiftCardPurchase {
  const message = values.message.trim();
  return {
    ...(value.kind === 'treatment' ? { serviceId: value.service.id } : { amount: value.cents / 100 }),
    recipientName: values.recipientName.trim(),
    recipientEmail: values.recipientEmail.trim(),
    ...(message === '' ? {} : { message }),
    deliverOn: values.deliverOn,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(website ? { website } : {}),
  };
}

/** The server's field names, and the form field that shows each one's error. */
export const purchaseServerFields = {
  amount: 'choice',
  serviceId: 'serviceId',
  recipientName: 'recipientName',
  recipientEmail: 'recipientEmail',
  message: 'message',
  deliverOn: 'deliverOn',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
} as const satisfies Record<string, keyof PurchaseFormValues>;
