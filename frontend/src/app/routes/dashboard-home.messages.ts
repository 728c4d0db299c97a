import { defineCatalog } from '@/lib/i18n/catalog.ts';

/** /dashboard itself: the greeting. */
export const dashboardHomeMessages = defineCatalog(
  {
    welcome: 'Welcome back',
    welcomeNamed: 'Welcome back, {name}',
    chooseSection: 'Choose a section from the menu to get started.',
  },
  {
    welcome: 'আবার স্বাগতম',
    welcomeNamed: 'আবার স্বাগতম, {name}',
    chooseSection: 'শুরু করতে মেনু থেকে একটা অংশ বেছে নিন।',
  },
);
