// A fresh marketplace for one journey file: the server, one Chromium, and the people and
// category its journeys start from, made over HTTP as they would be through their own pages.
import type { Browser } from 'playwright-core';
import { Api, type Person } from './api.ts';
import { launchBrowser } from './browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer, type ServerOptions } from './server.ts';

export interface Marketplace {
  server: RunningServer;
  browser: Browser;
  api: Api;
  admin: Person;
  /** Rahim Motors, who lists the bikes. */
  seller: Person;
  /** Karim Uddin, who books them. */
  buyer: Person;
  categoryId: string;
}

/** Starts the server with `options`, signs up the admin, the seller and the buyer, and adds `category`. */
export async function openMarketplace(category: string, options: ServerOptions = {}): Promise<Marketplace> {
  const server = await startServer(options);
  const browser = await launchBrowser();
  const api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  const seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  const buyer = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  const categoryId = await api.category(admin, category);
  return { server, browser, api, admin, seller, buyer, categoryId };
}

export async function closeMarketplace({ browser, server }: Pick<Marketplace, 'browser' | 'server'>): Promise<void> {
  await browser.close();
  await server.stop();
}
