/* Admin entity and payload types, derived from the generated API schema. */
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';

// The dashboard reads its lists a page at a time (the specification's whole lists stay for other clients).
export type OrderPage = ResponseOf<'/api/admin/orders', 'get'>;
export type AdminOrder = OrderPage['items'][number];
export type OrderStatus = AdminOrder['status'];
export type BookingPage = ResponseOf<'/api/admin/bookings', 'get'>;
export type AdminBooking = BookingPage['items'][number];
export type BookingStatus = AdminBooking['status'];
export type ContactMessagePage = ResponseOf<'/api/admin/contact-messages', 'get'>;
export type ContactMessage = ContactMessagePage['items'][number];
export type DashboardSummary = ResponseOf<'/api/admin/summary', 'get'>;
export type BlackoutDate = ResponseOf<'/api/admin/blackout-dates', 'get'>[number];
export type BlackoutType = BlackoutDate['type'];
export type AvailabilityEntry = ResponseOf<'/api/admin/availability', 'get'>[number];
export type Schedule = ResponseOf<'/api/admin/schedule', 'get'>;
export type CapacityDay = ResponseOf<'/api/admin/capacity', 'get'>[number];
export type ServiceCapacity = CapacityDay['services'][number];
export type CapacitySource = ServiceCapacity['source'];
export type OutboxEmail = ResponseOf<'/api/admin/emails', 'get'>[number];
export type OutboxEmailDetail = ResponseOf<'/api/admin/emails/{id}', 'get'>;
export type EmailState = OutboxEmail['state'];
export type EmailTemplate = OutboxEmail['template'];
export type EmailPreview = ResponseOf<'/api/admin/email-previews', 'get'>[number];
export type MailSettings = ResponseOf<'/api/admin/mail-settings', 'get'>;
export type AdminRatings = ResponseOf<'/api/admin/ratings', 'get'>;
export type AdminRating = AdminRatings['ratings'][number];
export type HideRule = AdminRatings['hideRules'][number];
export type HideRuleKey = HideRule['rule'];
export type ServiceFollowUp = ResponseOf<'/api/admin/service-follow-ups', 'get'>[number];
export type AdminWaitlistEntry = ResponseOf<'/api/admin/waitlist', 'get'>[number];
export type WaitlistEntryState = AdminWaitlistEntry['state'];
export type AdminOffer = NonNullable<AdminWaitlistEntry['offer']>;
export type OfferState = AdminOffer['state'];
export type ActivityEntry = ResponseOf<'/api/admin/activity', 'get'>['entries'][number];
export type ActivityEntity = ActivityEntry['entity'];
export type ActivityAction = ActivityEntry['action'];

export type ProductInput = RequestBodyOf<'/api/products', 'post'>;
export type MediaInput = RequestBodyOf<'/api/products/{id}/media', 'post'>;
export type ServiceInput = RequestBodyOf<'/api/services', 'post'>;
export type BlogPostInput = RequestBodyOf<'/api/blog-posts', 'post'>;
export type BlackoutInput = RequestBodyOf<'/api/admin/blackout-dates', 'post'>;
export type AvailabilityInput = RequestBodyOf<'/api/admin/availability', 'post'>;
export type ScheduleInput = RequestBodyOf<'/api/admin/schedule', 'put'>;
export type ServiceFollowUpInput = RequestBodyOf<'/api/admin/service-follow-ups/{id}', 'put'>;
