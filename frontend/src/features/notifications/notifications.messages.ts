import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The bell, its dropdown and the notifications page: their own words only (each
 * notification's text comes from the server in its reader's language). `unread` is in the
 * page's digits.
 */
export const notificationsMessages = defineCatalog(
  {
    notifications: 'Notifications',
    bellUnread: 'Notifications, {unread} unread',
    markAllRead: 'Mark all as read',
    markRead: 'Mark read',
    seeAll: 'See all notifications',
    unreadPrefix: 'Unread:',
    empty: 'No notifications yet. Bookings, payments and news of the bikes you follow show here.',
    loading: 'Loading your notifications',
  },
  {
    notifications: 'নোটিফিকেশন',
    bellUnread: 'নোটিফিকেশন, {unread}টি না-পড়া',
    markAllRead: 'সবগুলো পড়া হয়েছে',
    markRead: 'পড়া হয়েছে',
    seeAll: 'সব নোটিফিকেশন দেখুন',
    unreadPrefix: 'না-পড়া:',
    empty: 'এখনো কোনো নোটিফিকেশন নেই। বুকিং, পেমেন্ট আর আপনার নজরে রাখা বাইকের খবর এখানে দেখাবে।',
    loading: 'আপনার নোটিফিকেশন লোড হচ্ছে',
  },
);
