import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const topNavMessages = defineCatalog(
  {
    home: 'Home',
    products: 'Products',
    blog: 'Blog',
    dashboard: 'Dashboard',
    signOut: 'Sign Out',
    login: 'Login',
    loggedOut: 'LogOut Successful',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    main: 'Main',
  },
  {
    home: 'হোম',
    products: 'বাইক',
    blog: 'ব্লগ',
    dashboard: 'ড্যাশবোর্ড',
    signOut: 'লগ আউট',
    login: 'লগ ইন',
    loggedOut: 'লগ আউট হয়েছে',
    openMenu: 'মেনু খুলুন',
    closeMenu: 'মেনু বন্ধ করুন',
    main: 'প্রধান',
  },
);
