import { describe, expect, it } from 'vitest';
import { linkToRecord, tabFromSearch } from '../shared/linked-records';
import { calendarLabel, isFailed, matchesFilter, stateInfo, templateInfo } from './email-labels';

describe('email words', () => {
  it('names each state, with its badge colour', () => {
    expect(stateInfo('queued')).toEqual({ label: 'Queued', tone: 'yellow' });
    expect(stateInfo('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(stateInfo('sent').tone).toBe('green');
    expect(stateInfo('soft_bounced')).toEqual({ label: 'Soft bounced', tone: 'stone' });
    expect(isFailed('failed')).toBe(true);
    expect(isFailed('sent')).toBe(false);
  });

  it('filters: All takes everything, a state only its own', () => {
    expect(matchesFilter('sending', 'all')).toBe(true);
    expect(matchesFilter('sending', 'sending')).toBe(true);
    expect(matchesFilter('sent', 'sending')).toBe(false);
  });

  it('names templates in words, with who they go to and what they are about', () => {
    expect(templateInfo('booking_requested')).toEqual({ label: 'Booking request received', audience: 'Guest', related: 'booking' });
    expect(templateInfo('owner_new_order')).toEqual({ label: 'New order', audience: 'Retreat', related: 'order' });
    expect(templateInfo('newsletter_welcome').related).toBeUndefined();
    expect(templateInfo('gift_card_delivered')).toEqual({ label: 'Gift card delivered', audience: 'Guest', related: 'giftCard' });
    expect(templateInfo('visit_thanks')).toEqual({ label: 'Thank you for visiting', audience: 'Guest', related: 'booking' });
    expect(templateInfo('return_invitation')).toEqual({ label: 'Invitation to return', audience: 'Guest', related: 'booking' });
    expect(templateInfo('rating_hidden').related).toBeUndefined();
    expect(templateInfo('waitlist_joined')).toEqual({ label: 'Joined the waitlist', audience: 'Guest' });
    expect(templateInfo('waitlist_offer')).toEqual({ label: 'Waitlist offer', audience: 'Guest' });
    // One this build does not know yet still reads as words.
    expect(templateInfo('gift_card_issued').label).toBe('Gift card issued');
  });

  it('says what an attached calendar file does', () => {
    expect(calendarLabel('REQUEST')).toBe('Calendar invitation attached');
    expect(calendarLabel('CANCEL')).toBe('Calendar cancellation attached');
    expect(calendarLabel(null)).toBeUndefined();
  });
});

describe('dashboard address', () => {
  it('opens the tab a link names, else Products', () => {
    expect(tabFromSearch(new URLSearchParams('tab=bookings&booking=b1'))).toBe('bookings');
    expect(tabFromSearch(new URLSearchParams('tab=emails'))).toBe('emails');
    expect(tabFromSearch(new URLSearchParams('tab=gift-cards'))).toBe('gift-cards');
    expect(tabFromSearch(new URLSearchParams('tab=ratings'))).toBe('ratings');
    expect(tabFromSearch(new URLSearchParams('tab=guest-data'))).toBe('guest-data');
    expect(tabFromSearch(new URLSearchParams('tab=nonsense'))).toBe('products');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('products');
  });

  it('links a record the way the mails do', () => {
    expect(linkToRecord('booking', 'b1')).toBe('?tab=bookings&booking=b1');
    expect(linkToRecord('order', 'o1')).toBe('?tab=orders&order=o1');
    expect(linkToRecord('message', 'm1')).toBe('?tab=messages&message=m1');
    expect(linkToRecord('giftCard', 'g1')).toBe('?tab=gift-cards&giftCard=g1');
  });
});
